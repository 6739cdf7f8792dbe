import Foundation
import PhotoFile

/// What the properties panel lists of a photo, in the visitor's words:
/// its file, then its picture, then how and where it was taken, each row
/// only when the file says it (docs/BEHAVIOUR.md, "Properties").
enum PropertiesPanel {
    /// What is known of a photo: a worker's reading and the place its GPS names.
    struct Facts: Equatable {
        var properties: PhotoProperties
        var place: String?
    }

    struct Row: Equatable {
        var label: String
        var value: String
    }

    static func rows(fileName: String, facts: Facts?, strings: Strings) -> [Row] {
        var rows = [Row(label: strings(.propertyFile), value: fileName)]
        guard let facts else { return rows + [Row(label: strings(.propertiesReading), value: "")] }
        let p = facts.properties
        let fields: [(Message, String?)] = [
            (.propertySize, p.sizeText), (.propertyDimensions, p.dimensionsText), (.propertyFormat, p.format),
            (.propertyColourProfile, p.colourProfile), (.propertyTaken, p.capturedText), (.propertyCamera, p.camera),
            (.propertyLens, p.lens), (.propertyExposure, p.exposureText), (.propertyAperture, p.apertureText),
            (.propertyISO, p.iso.map(String.init)), (.propertyFocalLength, p.focalLengthText { strings(.propertyEquivalent, $0) }),
            (.propertyPlace, facts.place),
        ]
        for (label, value) in fields {
            if let value, !value.isEmpty { rows.append(Row(label: strings(label), value: value)) }
        }
        return rows
    }
}
