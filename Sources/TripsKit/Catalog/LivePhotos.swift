/// Live Photos in a library (docs/PHOTOS.md, "Clips, Live Photos and
/// Motion Photos"): an iPhone keeps a Live Photo as a HEIC (or JPEG) and a
/// MOV of the same name in the same folder. The pair is one item, the
/// still, which carries the clip's path; the clip is no item of its own.
/// A Motion Photo carries its clip inside (`PhotoMotion.embeddedClip`).
extension PhotoLibrary {
    static let liveStillEndings: Set<String> = ["heic", "heif", "jpg", "jpeg"]
    static let liveClipEndings: Set<String> = ["mov", "mp4"]

    /// `photos` (one folder's) without the clips that belong to a still of
    /// the same name, and each such still's clip, by path. A clip that is
    /// no clip to show (`problems`) stays an item, its placeholder saying why.
    static func pairingLivePhotos(_ photos: [Photo], problems: [String: String]) -> (photos: [Photo], clips: [String: String]) {
        func split(_ photo: Photo) -> (base: String, ending: String)? {
            let name = photo.name
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            return (name[..<dot].lowercased(), name[name.index(after: dot)...].lowercased())
        }
        var stills: [String: String] = [:] // base name → the still's path, the first of the name
        for photo in photos {
            if let (base, ending) = split(photo), liveStillEndings.contains(ending), stills[base] == nil { stills[base] = photo.path }
        }
        guard !stills.isEmpty else { return (photos, [:]) }
        var clips: [String: String] = [:], kept: [Photo] = []
        for photo in photos {
            if let (base, ending) = split(photo), liveClipEndings.contains(ending), problems[photo.path] == nil,
               let still = stills[base], clips[still] == nil {
                clips[still] = photo.path
                continue
            }
            kept.append(photo)
        }
        return (kept, clips)
    }

    /// The item value of the file at `path`: its own capture time, shape,
    /// and what moves in it, or its Live Photo clip (`liveClip`, a path).
    static func shape(of path: String, taken: Double?, aspect: Double?, motions: [String: PhotoMotion], liveClip: String?) -> PhotoShape {
        var shape = PhotoShape(taken: taken, aspect: aspect)
        if let liveClip {
            shape.kind = .live
            shape.liveClip = .beside(path: liveClip)
            if case .clip(let seconds)? = motions[liveClip] { shape.duration = seconds }
            return shape
        }
        switch motions[path] {
        case .animated?: shape.kind = .animated
        case .clip(let seconds)?:
            shape.kind = .clip
            shape.duration = seconds
        case let .embeddedClip(offset, length, seconds)?:
            shape.kind = .live
            shape.liveClip = .embedded(offset: offset, length: length)
            shape.duration = seconds
        case nil: break
        }
        return shape
    }
}
