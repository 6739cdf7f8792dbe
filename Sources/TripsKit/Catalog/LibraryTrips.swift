import Foundation
import Geography

/// How a library's photos become trips (docs/PHOTOS.md, "Libraries"):
/// an album is one trip named by its folder, unless its photos' own dates
/// span more than a trip, when it is split like a camera's photos; the
/// photos of a camera's layout and those lying loose are pooled and split
/// where more than `PhotoLibrary.tripGap` passes between two, each part
/// named by its places, else its dates.
extension PhotoLibrary {
    /// The trips, with each photo's capture time from `times` (keyed by
    /// path, what the photos' EXIF says), else its album's folder date,
    /// else its modification time. Albums come in walk order (dated names
    /// sort by date), then the pooled photos' trips by time, so trips keep
    /// their places as times arrive. A trip's dates and nights are those of
    /// its photos that know their own; only where none does do a folder's
    /// date or, last, the files' times count. A file that is no photo to
    /// show (`problems`, by path) stays in its trip, last, as a placeholder,
    /// but dates, splits, covers and counts nothing, and a folder of only
    /// such files is no trip. A change of city does not split a trip
    /// (docs/BEHAVIOUR.md, "Places"). A clip is an item like a photo, by
    /// its container's time (`motions` says what moves); a Live Photo's
    /// clip is part of its still (`pairingLivePhotos`), no item of its own.
    public func catalog(times: [String: CaptureTime], locations: [String: GeoPoint] = [:], problems: [String: String] = [:],
                        aspects: [String: Double] = [:], motions: [String: PhotoMotion] = [:], naming: PlaceNaming? = nil,
                        timeZone: TimeZone) -> TripCatalog {
        var trips: [Trip] = [], pool: [TimedPhoto] = [], poolUnshown: [TimedPhoto] = []
        var liveClips: [String: String] = [:]
        let known = times.filter { problems[$0.key] == nil }
        func make(id: String, city: (_ first: CaptureTime, _ last: CaptureTime) -> String, _ timed: [TimedPhoto], unshown: [TimedPhoto]) {
            let best = Self.bestTimes(timed, times: known)
            guard let first = best.first, let last = best.last else { return }
            let photos = timed + unshown
            let shapes = photos.map {
                Self.shape(of: $0.photo.path, taken: known[$0.photo.path]?.instant, aspect: aspects[$0.photo.path], motions: motions,
                           liveClip: liveClips[$0.photo.path])
            }
            trips.append(Self.trip(id: id, city: city(first, last), photos, best,
                                   unshown: unshown.map { UnshownReason(describing: problems[$0.photo.path] ?? "") }, shapes: shapes))
        }
        func split(_ timed: [TimedPhoto], idPrefix: String, unshown: [TimedPhoto], dated: (Photo) -> Bool) {
            let parts = Self.splitAtGaps(timed, dated: dated)
            for (k, group) in parts.enumerated() {
                let place = naming?.name(group.map { locations[$0.photo.path] })
                make(id: idPrefix + Self.groupID(Self.bestTimes(group, times: known)[0]), city: { place ?? TripWording.dateRange($0.day, $1.day) },
                     group, unshown: k == parts.count - 1 ? unshown : [])
            }
        }
        for folder in folders {
            let folderTime = FolderDate(name: folder.name)?.captureTime(timeZone: timeZone)
            let paired = Self.pairingLivePhotos(folder.photos, problems: problems)
            liveClips.merge(paired.clips) { first, _ in first }
            let all = inCaptureOrder(paired.photos) {
                known[$0.path] ?? folderTime ?? CaptureTime(modified: $0.modified, timeZone: timeZone)
            }
            let timed = all.filter { problems[$0.photo.path] == nil }, unshown = all.filter { problems[$0.photo.path] != nil }
            if timed.isEmpty {
                continue // a folder of files that are no photos is no trip
            } else if LibraryLayout.isCameraLayout(folder.path) {
                pool += timed
                poolUnshown += unshown
            } else if Self.spansMoreThanATrip(timed, dated: { known[$0.path] != nil }) {
                split(timed, idPrefix: folder.path + "/", unshown: unshown, dated: { known[$0.path] != nil })
            } else {
                make(id: folder.path, city: { _, _ in Self.cityName(fromFolderName: folder.name) }, timed, unshown: unshown)
            }
        }
        // A camera's photos have only their files' times where EXIF says none: those count.
        let pooled = pool.enumerated().sorted { ($0.element.time.instant, $0.offset) < ($1.element.time.instant, $1.offset) }.map(\.element)
        split(pooled, idPrefix: "", unshown: poolUnshown, dated: { _ in true })
        return TripCatalog(trips: trips)
    }

    typealias TimedPhoto = (photo: Photo, time: CaptureTime)

    /// The trip of `timed` (non-empty, in capture order, its last
    /// `unshown` no photos to show), dated by `best`: a "cover.*" photo
    /// stands for it, else the first.
    private static func trip(id: String, city: String, _ timed: [TimedPhoto], _ best: [CaptureTime], unshown: [UnshownReason],
                             shapes: [PhotoShape]) -> Trip {
        let shown = timed.dropLast(unshown.count)
        return Trip(id: id, city: city, nights: nights(best), photoPaths: timed.map(\.photo.path),
                    coverIndex: shown.firstIndex { isCover($0.photo.name) } ?? 0, firstDay: best.first?.day, unshownReasons: unshown,
                    photoShapes: shapes)
    }

    /// The times that date a trip: its photos' own where any has one, else
    /// all it has (a folder's date or the files' times), in order.
    static func bestTimes(_ timed: [TimedPhoto], times: [String: CaptureTime]) -> [CaptureTime] {
        let own = timed.compactMap { times[$0.photo.path] }
        return (own.isEmpty ? timed.map(\.time) : own).sorted { $0.instant < $1.instant }
    }

    /// Whether an album is a dump rather than one trip: the photos that know
    /// their own dates span more than `longestTrip` and fall apart at gaps.
    /// A holiday's album with a quiet spell of a few days stays whole.
    static func spansMoreThanATrip(_ timed: [TimedPhoto], dated: (Photo) -> Bool) -> Bool {
        let instants = timed.filter { dated($0.photo) }.map(\.time.instant)
        guard let first = instants.min(), let last = instants.max(), last - first > longestTrip else { return false }
        return splitAtGaps(timed, dated: dated).count > 1
    }

    /// `timed` (in capture order) cut where more than a trip's gap passes
    /// between two dated photos (`dated`: every photo of a camera's pool,
    /// as its files' times are all it has); an undated photo stays with
    /// the part it falls in.
    static func splitAtGaps(_ timed: [TimedPhoto], dated: (Photo) -> Bool) -> [[TimedPhoto]] {
        var parts: [[TimedPhoto]] = [], part: [TimedPhoto] = []
        var lastDated: Double?
        for item in timed {
            let isDated = dated(item.photo)
            if isDated, let last = lastDated, item.time.instant - last > tripGap {
                parts.append(part)
                part = []
            }
            part.append(item)
            if isDated { lastDated = item.time.instant }
        }
        if !part.isEmpty { parts.append(part) }
        return parts
    }

    /// Stable sort by capture moment: photos taken at the same second keep name order.
    private func inCaptureOrder(_ photos: [Photo], _ time: (Photo) -> CaptureTime) -> [TimedPhoto] {
        photos.enumerated().map { (i: $0.offset, photo: $0.element, time: time($0.element)) }
            .sorted { $0.time.instant != $1.time.instant ? $0.time.instant < $1.time.instant : $0.i < $1.i }
            .map { ($0.photo, $0.time) }
    }

    /// Calendar days between the first and last photo's wall-clock dates.
    static func nights(_ times: [CaptureTime]) -> Int? {
        let days = times.map(\.day.daysSince1970)
        guard let lo = days.min(), let hi = days.max() else { return nil }
        return hi - lo
    }

    /// "cover.jpg", "Cover.PNG".
    static func isCover(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return name[..<dot].lowercased() == "cover"
    }

    /// A pooled photos' trip is known by when it began (the wall clock, to
    /// the second): renaming its photos does not change it.
    static func groupID(_ start: CaptureTime) -> String {
        let seconds = Int(start.wall.rounded(.down)), c = start.day.civil
        let s = ((seconds % 86400) + 86400) % 86400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(c.year)-\(two(c.month))-\(two(c.day))T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))"
    }
}
