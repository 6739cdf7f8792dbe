import Foundation
import XCTest
@testable import TripsKit

/// A stand-in for a gettext catalogue with French plural rules (n > 1 is
/// plural), to see the model and the scene take every word from `Strings`.
private let french = Strings(language: "fr", decimalSeparator: ",", translate: { id in
    ["Trips": "Voyages", "Playground": "Terrain de jeu", "Photo of %s": "Photo de %s", "Zoomed in %s": "Agrandie %s",
     "Back": "Retour", "Reset": "Réinitialiser", "Tap a photo to open it": "Touchez une photo pour l’ouvrir"][id] ?? id
}, translatePlural: { one, many, n in
    (n > 1 ? many : one).replacingOccurrences(of: "night", with: "nuit")
})

final class StringsTests: XCTestCase {
    func testEnglishPluralsSayOneNightAndManyNights() {
        XCTAssertEqual(Strings.english.count(.nights, 1), "1 night")
        XCTAssertEqual(Strings.english.count(.nights, 0), "0 nights")
        XCTAssertEqual(Strings.english.count(.nights, 3), "3 nights")
    }

    func testPluralRuleIsTheLanguagesNotEnglish() {
        XCTAssertEqual(french.count(.nights, 0), "0 nuit")
        XCTAssertEqual(french.count(.nights, 2), "2 nuits")
    }

    func testArgumentFillsThePlaceholderWhereverTheTranslationPutsIt() {
        let japanese = Strings(language: "ja", decimalSeparator: ".", translate: { $0 == "Photo of %s" ? "%sの写真" : $0 },
                               translatePlural: { one, _, _ in one })
        XCTAssertEqual(japanese(.photoOf, "東京"), "東京の写真")
        XCTAssertEqual(Strings.english(.photoOf, "Lyon"), "Photo of Lyon")
    }

    func testSeveralArgumentsFillInOrderOrWhereTheTranslationNumbersThem() {
        let ordered = Message("Photo %d of %d")
        XCTAssertEqual(Strings.english(ordered, "3", "27"), "Photo 3 of 27")
        let japanese = Strings(language: "ja", decimalSeparator: ".", translate: { _ in "%2$d枚中%1$d枚目" }, translatePlural: { one, _, _ in one })
        XCTAssertEqual(japanese(ordered, "3", "27"), "27枚中3枚目")
        XCTAssertEqual(Strings.english(Message("100% %s"), "sure"), "100% sure", "a lone % is text")
    }

    func testDecimalUsesTheLanguagesSeparatorAndRounds() {
        XCTAssertEqual(french.decimal(2.46, fractionDigits: 1), "2,5")
        XCTAssertEqual(Strings.english.decimal(2.04, fractionDigits: 1), "2.0")
        XCTAssertEqual(Strings.english.decimal(1.999, fractionDigits: 2), "2.00")
        XCTAssertEqual(Strings.english.decimal(3.7, fractionDigits: 0), "4")
    }

    func testMonthNamesFollowTheLanguage() {
        XCTAssertEqual(Strings.english.monthName(1), "January")
        XCTAssertEqual(french.monthName(3), "mars")
        let german = Strings(language: "de", decimalSeparator: ",", translate: { $0 }, translatePlural: { one, _, _ in one })
        XCTAssertEqual(german.monthName(3), "März")
        XCTAssertEqual(Strings.english.monthName(13), "13", "out of range is the number, not a crash")
    }

    func testModelSceneAndAccessibilityTreeSpeakTheLanguage() {
        let catalog = TripCatalog(trips: [Trip(id: "a", city: "Lyon", nights: 1, photoPath: "/a.jpg"),
                                          Trip(id: "b", city: "Kyoto", nights: 3, photoPath: "/b.jpg")])
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed, strings: french)
        let texts = app.scene().commands.compactMap { c -> String? in
            if case .text(let s, _, _, _, _, _, _) = c { return s }
            return nil
        }
        XCTAssertEqual(texts.first, "Voyages")
        for word in ["Terrain de jeu", "Touchez une photo pour l’ouvrir", "1 nuit", "3 nuits"] { XCTAssertTrue(texts.contains(word), word) }
        let labels = app.accessibilityElements.map { "\($0.label)|\($0.value)" }
        XCTAssertTrue(labels.contains("Voyages|"), "\(labels)")
        XCTAssertTrue(labels.contains("Photo de Lyon|"), "\(labels)")
        XCTAssertTrue(labels.contains("Lyon|1 nuit"), "\(labels)")
    }
}

/// A word that grows in translation gets a box of its own and is cut there,
/// never drawn under a neighbour.
final class TextRoomTests: XCTestCase {
    func testPlaygroundTitleKeepsClearOfBackAndIsCentredWhenThereIsRoom() throws {
        let catalog = TripCatalog(trips: [Trip(id: "a", city: "Lyon", nights: 1, photoPath: "/a.jpg")])
        for width in [402.0, 1280.0] {
            let app = AppModel(catalog: catalog, size: CGSize(width: width, height: 874), mode: .windowed, screen: .playground, strings: french)
            let title = try XCTUnwrap(app.scene().commands.lazy.compactMap { c -> CGRect? in
                if case let .text(s, origin, w, size, _, _, _) = c, s == "Terrain de jeu" { return CGRect(x: origin.x, y: origin.y, width: w, height: size) }
                return nil
            }.first)
            XCTAssertFalse(title.intersects(app.playground.backFrame), "at \(width) pt the title box \(title) runs under Back")
            XCTAssertGreaterThanOrEqual(title.width, 200, "room for a title at \(width) pt")
            if width > 1000 { XCTAssertEqual(title.midX, width / 2, accuracy: 0.5) }
            XCTAssertEqual(app.accessibilityElements.first?.frame.minX ?? -1, title.minX, accuracy: 0.5, "the header's frame is the box drawn")
        }
    }
}

final class LanguageChoiceTests: XCTestCase {
    func testLangOptionBeatsTheEnvironmentAndLcAllBeatsLang() {
        XCTAssertEqual(LanguageChoice(option: "ja", environment: ["LANG": "fr_FR.UTF-8"]).candidates, ["ja"])
        XCTAssertEqual(LanguageChoice(option: nil, environment: ["LANG": "fr_FR.UTF-8", "LC_ALL": "de_CH.UTF-8"]).candidates, ["de_CH", "de"])
        XCTAssertEqual(LanguageChoice(option: nil, environment: ["LANG": "fr_FR.UTF-8", "LC_ALL": ""]).candidates, ["fr_FR", "fr"])
    }

    func testLanguageListIsReadAsGettextDoesOnlyOutsideTheCLocale() {
        XCTAssertEqual(LanguageChoice(option: nil, environment: ["LANGUAGE": "de:fr", "LANG": "fr_FR.UTF-8"]).candidates, ["de"])
        XCTAssertTrue(LanguageChoice(option: nil, environment: ["LANGUAGE": "de", "LANG": "C.UTF-8"]).isEnglish)
        XCTAssertEqual(LanguageChoice(option: "ja", environment: ["LANGUAGE": "de", "LANG": "fr_FR.UTF-8"]).candidates, ["ja"])
    }

    func testCAndPosixAndNothingAreEnglish() {
        for env in [[:], ["LANG": "C"], ["LANG": "C.UTF-8"], ["LC_ALL": "POSIX"], ["LANG": "en_GB.UTF-8"]] {
            XCTAssertTrue(LanguageChoice(option: nil, environment: env).isEnglish, "\(env)")
        }
        XCTAssertFalse(LanguageChoice(option: "fr", environment: [:]).isEnglish)
    }

    func testCodesetAndModifierAreNotPartOfTheCatalogueName() {
        XCTAssertEqual(LanguageChoice(option: "de-at", environment: [:]).candidates, ["de_AT", "de"])
        XCTAssertEqual(LanguageChoice(option: nil, environment: ["LANG": "fr_BE@euro"]).candidates, ["fr_BE", "fr"])
    }
}

/// Every catalogue in po/ translates every message the app shows, and
/// nothing it no longer shows: a new word cannot ship untranslated.
final class CatalogueTests: XCTestCase {
    private let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../po").standardized

    /// msgid → its msgstr lines, from a .po file (one-line strings, as ours are).
    private func entries(_ text: String) -> [String: [String]] {
        var out: [String: [String]] = [:]
        var current: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("msgid \"") { current = String(line.dropFirst(7).dropLast()); out[current!] = [] }
            if line.hasPrefix("msgstr"), let current, let quote = line.firstIndex(of: "\"") {
                out[current, default: []].append(String(line[line.index(after: quote)...].dropLast()))
            }
        }
        out[""] = nil
        return out
    }

    /// Each of `id`'s placeholders (`%s`, `%d`, in order) is in
    /// `translation`, in order as written or numbered (`%2$s`) anywhere.
    static func keepsEveryPlaceholder(_ translation: String, of id: String) -> Bool {
        let kinds = id.matches(of: /%([sd])/).map { String($0.output.1) }
        let plain = translation.matches(of: /%([sd])/).map { String($0.output.1) }
        if plain == kinds { return true }
        return kinds.enumerated().allSatisfy { i, kind in translation.contains("%\(i + 1)$\(kind)") }
            && translation.matches(of: /%\d+\$[sd]/).count == kinds.count
    }

    func testPlaceholderCheckTakesNumberedOnesAndCatchesALostOne() {
        XCTAssertTrue(Self.keepsEveryPlaceholder("%2$s年%1$s", of: "%s %s"))
        XCTAssertTrue(Self.keepsEveryPlaceholder("%d nuits", of: "%d nights"))
        XCTAssertFalse(Self.keepsEveryPlaceholder("%2$s年", of: "%s %s"))
        XCTAssertFalse(Self.keepsEveryPlaceholder("nuits", of: "%d nights"))
        XCTAssertFalse(Self.keepsEveryPlaceholder("%s nuits", of: "%d nights"))
    }

    func testEveryLanguageTranslatesEveryMessage() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: po.path).filter { $0.hasSuffix(".po") }.sorted()
        XCTAssertEqual(files, ["de.po", "en.po", "fr.po", "ja.po"])
        for file in files {
            let found = entries(try String(contentsOf: po.appendingPathComponent(file), encoding: .utf8))
            XCTAssertEqual(Set(found.keys), Set(Message.all.map(\.id)), file)
            for message in Message.all {
                let strings = found[message.id] ?? []
                XCTAssertFalse(strings.isEmpty || strings.contains(""), "\(file): \"\(message.id)\" is not translated")
                for s in strings where message.id.contains("%") {
                    XCTAssertTrue(Self.keepsEveryPlaceholder(s, of: message.id), "\(file): \"\(s)\" lost a placeholder")
                }
            }
        }
    }
}

final class TextDirectionTests: XCTestCase {
    func testFirstLetterDecides() {
        XCTAssertEqual(TextDirection.of("القاهرة"), .rightToLeft)
        XCTAssertEqual(TextDirection.of("ירושלים"), .rightToLeft)
        XCTAssertEqual(TextDirection.of("2024 القاهرة"), .rightToLeft, "digits are not strong")
        XCTAssertEqual(TextDirection.of("Cairo القاهرة"), .leftToRight)
        XCTAssertEqual(TextDirection.of("東京"), .leftToRight)
        XCTAssertEqual(TextDirection.of(""), .leftToRight)
    }

    func testRightToLeftCityIsDrawnFromTheRowsRightEdgeAndItsNightsOnTheLeft() throws {
        let catalog = TripCatalog(trips: [Trip(id: "c", city: "القاهرة", nights: 4, photoPath: "/c.jpg"),
                                          Trip(id: "a", city: "Αθήνα", nights: 2, photoPath: "/a.jpg")])
        let app = AppModel(catalog: catalog, size: CGSize(width: 1280, height: 800), mode: .windowed)
        var texts: [String: (x: CGFloat, width: CGFloat, alignment: Scene.TextAlignment)] = [:]
        for case let .text(s, origin, width, _, _, _, alignment) in app.scene().commands { texts[s] = (origin.x, width, alignment) }
        let row = app.layout.listRow(0)
        let cairo = try XCTUnwrap(texts["القاهرة"]), athens = try XCTUnwrap(texts["Αθήνα"])
        XCTAssertEqual(cairo.alignment, .trailing)
        XCTAssertEqual(cairo.x + cairo.width, row.maxX - 4, accuracy: 0.5)
        XCTAssertEqual(athens.alignment, .leading)
        XCTAssertEqual(athens.x, row.minX + 4, accuracy: 0.5)
        let four = try XCTUnwrap(texts["4 nights"]), two = try XCTUnwrap(texts["2 nights"])
        XCTAssertEqual(four.alignment, .leading)
        XCTAssertLessThan(four.x + four.width, cairo.x, "the nights never run under the city")
        XCTAssertEqual(two.alignment, .trailing)
        XCTAssertGreaterThan(two.x, athens.x + athens.width)
    }
}
