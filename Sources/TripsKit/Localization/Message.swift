/// One of the app's own words: its English text, which is also the gettext
/// msgid the catalogues in po/ translate, and for a counted one the English
/// plural (`msgid_plural`). `%s` stands for a name, `%d` for a number;
/// a translation may number them (`%2$s`) to change their order.
///
/// To add a word: a `static let` here, its line in `all`, and its
/// translation in every po/*.po (a test fails until each catalogue has it);
/// then draw it as `strings(.name)`, `strings(.name, arguments...)` or
/// `strings.count(.name, n)`.
public struct Message: Hashable, Sendable {
    public let id: String
    public let plural: String?

    public init(_ id: String, plural: String? = nil) {
        self.id = id
        self.plural = plural
    }

    public static let title = Message("Trips")
    public static let playground = Message("Playground")
    public static let tapToOpen = Message("Tap a photo to open it")
    public static let back = Message("Back")
    public static let reset = Message("Reset")
    public static let square = Message("Square")
    public static let circle = Message("Circle")
    public static let held = Message("Held")
    /// The accessibility label of a photo: "Photo of Lisbon".
    public static let photoOf = Message("Photo of %s")
    /// The accessibility value of a zoomed photo: "Zoomed in 2.0×".
    public static let zoomedIn = Message("Zoomed in %s")
    /// The accessibility value of a big photo shown whole, fitted into its frame.
    public static let wholePhoto = Message("Whole photo")
    /// A list row's second line.
    public static let nights = Message("%d night", plural: "%d nights")
    /// A trip whose photos were all taken on one day.
    public static let dayTrip = Message("Day trip")
    /// A list row's second line: a month and its year ("May 2024"); %1$s is
    /// the month's name, %2$s the year.
    public static let monthAndYear = Message("%s %s")
    /// How many photos a trip has.
    public static let photos = Message("%d photo", plural: "%d photos")
    /// Under the city in the big photo: which photo of the trip ("3 / 27").
    public static let page = Message("%s / %s")
    /// The big photo's accessibility value: "Photo 3 of 27".
    public static let photoNumber = Message("Photo %s of %s")
    /// A trip of loose photos named by its two main places: "Lisbon & Porto".
    public static let twoPlaces = Message("%s & %s")
    /// What a screen reader says of a sleeping kiosk's black screen.
    public static let asleep = Message("Asleep: touch the screen to wake it")

    /// Under a file's name on its placeholder: a file of 0 bytes.
    public static let emptyFile = Message("Empty file: nothing to show")
    /// Under a file's name on its placeholder: its bytes are no image of
    /// the format its ending names (%s: "JPG").
    public static let notAPhoto = Message("Not a photo: its bytes are not %s data")

    /// What a screen reader says an item that moves is, after its photo's
    /// label: a clip and how long it plays, a clip of unknown length, a Live
    /// or Motion Photo, an animated image; and the live badge's word.
    public static let videoSeconds = Message("Video, %d second", plural: "Video, %d seconds")
    public static let video = Message("Video")
    public static let livePhoto = Message("Live photo")
    public static let animation = Message("Animation")
    public static let liveBadge = Message("LIVE")
    /// A playing clip's controls: its button, and its scrubber with the position ("0:02 of 0:07").
    public static let play = Message("Play")
    public static let pause = Message("Pause")
    public static let clipPosition = Message("Position")
    public static let clipPositionOf = Message("%s of %s")
    /// A playing clip's sound button (what a tap does), and the toast of
    /// `M` on a clip that has none.
    public static let soundOn = Message("Sound on")
    public static let soundOff = Message("Sound off")
    public static let noSound = Message("This clip has no sound")

    /// The shortcuts overlay: its title and what each key does; the hint to a mouse.
    public static let shortcutFocus = Message("Move the focus")
    public static let shortcutOpen = Message("Open what has the focus; on the photo, zoom 2x")
    public static let shortcutClose = Message("Close the photo or this list; leave fullscreen")
    public static let shortcutPage = Message("Previous or next photo of the trip")
    public static let shortcutFirstLast = Message("First or last photo of the trip")
    public static let shortcutTrips = Message("Previous or next trip")
    public static let shortcutZoomIn = Message("Zoom in")
    public static let shortcutZoomOut = Message("Zoom out, down to the whole photo")
    public static let shortcutZoomReset = Message("Back to 1x")
    public static let shortcutWhole = Message("Whole photo, or fill the frame")
    public static let shortcutMoveTrip = Message("Move the focused trip")
    public static let shortcutFullscreen = Message("Fullscreen")
    public static let shortcutOverlay = Message("Show or hide these shortcuts")
    public static let shortcutQuit = Message("Quit")
    public static let shortcutsTitle = Message("Keyboard shortcuts")
    public static let clickToOpen = Message("Click a photo to open it")

    /// Delete and undo: the shortcuts' words and the toast's.
    public static let shortcutTrash = Message("Move the photo shown to the trash")
    public static let shortcutUndo = Message("Undo the last trash or turn")
    public static let movedToTrash = Message("%s moved to the trash. Ctrl+Z or tap to undo")
    public static let putBack = Message("%s put back")

    /// Rotate: the shortcuts' words and the toast's.
    public static let shortcutTurnClockwise = Message("Turn the photo shown clockwise")
    public static let shortcutTurnCounterClockwise = Message("Turn the photo shown counter-clockwise")
    public static let turned = Message("%s turned")
    public static let cannotTurn = Message("%s cannot be turned losslessly; it is left as it is")
    public static let turnKept = Message("%s turned in Trips, not in the file")
    /// Two fingers snapped a turn: the toast asks to keep it.
    public static let keepTurn = Message("%s turned. Keep it? Tap here to turn it back")
    public static let turnedBack = Message("%s turned back")

    /// The properties panel (Alt+Return, I): the shortcut's words, its
    /// title, each row's label; a focal length's 35 mm equivalent ("26 mm
    /// in 35 mm film"); what it says while a worker reads the file.
    public static let shortcutProperties = Message("Show or hide the photo's properties")
    public static let shortcutPlayPause = Message("Play or pause the clip or animation")
    /// An animation's badge in the big photo, a button.
    public static let playAnimation = Message("Play animation")
    public static let pauseAnimation = Message("Pause animation")
    /// J and L: the clip's scrubber from the keyboard.
    public static let shortcutSeek = Message("Move the clip back or forward 5 seconds")
    public static let shortcutSound = Message("Turn the clip's sound on or off")
    public static let propertiesTitle = Message("Properties")
    public static let propertyFile = Message("File")
    public static let propertySize = Message("Size")
    public static let propertyDimensions = Message("Dimensions")
    public static let propertyFormat = Message("Format")
    public static let propertyColourProfile = Message("Colour profile")
    public static let propertyTaken = Message("Taken")
    public static let propertyCamera = Message("Camera")
    public static let propertyLens = Message("Lens")
    public static let propertyExposure = Message("Exposure")
    public static let propertyAperture = Message("Aperture")
    public static let propertyISO = Message("ISO")
    public static let propertyFocalLength = Message("Focal length")
    public static let propertyPlace = Message("Place")
    public static let propertyEquivalent = Message("%s in 35 mm film")
    public static let propertiesReading = Message("Reading the file…")
    /// The panel's place: a city or region and its country ("Lisbon, Portugal").
    public static let placeInCountry = Message("%s, %s")

    /// Copy: the shortcut's words and the toast's, while the picture is
    /// made and once it is on the clipboard or cannot be (%2$s: why).
    public static let shortcutCopy = Message("Copy the photo shown to the clipboard")
    public static let copying = Message("Copying %s")
    public static let copied = Message("%s copied")
    public static let cannotCopy = Message("%s cannot be copied: %s")

    /// Shift+Delete: the shortcut's words, its confirmation dialog's and the toast's.
    public static let shortcutDeleteForGood = Message("Delete the photo shown for good, after asking")
    public static let deleteForGoodTitle = Message("Delete %s for good?")
    public static let deleteForGoodDetail = Message("It does not go to the trash and cannot be put back.")
    public static let deleteForGoodButton = Message("Delete")
    public static let cancel = Message("Cancel")
    public static let deletedForGood = Message("%s deleted")

    /// The big photo's page buttons, shown while a mouse is over it.
    public static let previousPhoto = Message("Previous photo")
    public static let nextPhoto = Message("Next photo")

    /// Every message, for the test that holds the catalogues to them.
    public static let all: [Message] = [title, playground, tapToOpen, back, reset, square, circle, held, photoOf, zoomedIn, wholePhoto, nights,
                                        dayTrip, monthAndYear, photos, page, photoNumber, twoPlaces, asleep,
                                        shortcutFocus, shortcutOpen, shortcutClose, shortcutPage, shortcutFirstLast, shortcutTrips, shortcutZoomIn, shortcutZoomOut, shortcutZoomReset, shortcutWhole, shortcutMoveTrip, shortcutFullscreen, shortcutOverlay, shortcutQuit, shortcutsTitle, clickToOpen,
                                        shortcutTrash, shortcutUndo, movedToTrash, putBack,
                                        shortcutTurnClockwise, shortcutTurnCounterClockwise, turned, cannotTurn, turnKept, keepTurn, turnedBack, emptyFile, notAPhoto,
                                        videoSeconds, video, livePhoto, animation, liveBadge, play, pause, clipPosition, clipPositionOf,
                                        soundOn, soundOff, noSound, shortcutSound,
                                        shortcutProperties, shortcutPlayPause, playAnimation, pauseAnimation, shortcutSeek, propertiesTitle, propertyFile, propertySize, propertyDimensions, propertyFormat,
                                        propertyColourProfile, propertyTaken, propertyCamera, propertyLens, propertyExposure, propertyAperture,
                                        propertyISO, propertyFocalLength, propertyPlace, propertyEquivalent, propertiesReading, placeInCountry,
                                        shortcutCopy, copying, copied, cannotCopy,
                                        shortcutDeleteForGood, deleteForGoodTitle, deleteForGoodDetail, deleteForGoodButton, cancel, deletedForGood,
                                        previousPhoto, nextPhoto]
}
