import Foundation
import Gestures

/// What the Overview shows over itself, walked with it: the toast at the
/// window's foot, the properties panel, the shortcuts overlay, the big
/// photo's page buttons under a mouse, and Shift+Delete's dialog.
extension OverviewWalk {
    /// The toast at the window's foot: what went to the trash, or a turn
    /// two fingers snapped (a tap undoes either), or why it could not.
    func toastElement(_ toast: Toast) -> LayoutElement {
        let model = self.model, theme = model.theme, size = model.size
        let width = min(size.width - 32, 640)
        let frame = CGRect(x: (size.width - width) / 2, y: size.height - 16 - 48, width: width, height: 48)
        let drawing: [Scene.Command] = [
            .fill(frame, color: RGBA(48, 48, 54, 245), cornerRadius: 12),
            .text(toast.text, origin: CGPoint(x: frame.minX + 16, y: frame.midY - 10), width: frame.width - 32,
                  size: theme.secondarySize, weight: .regular, color: theme.primaryText, alignment: .center),
        ]
        var element = LayoutElement(id: .toast, frame: frame, drawing: drawing,
                                    accessible: .init(label: toast.text, traits: toast.undoable ? ["button"] : ["label"]))
        if toast.undoable {
            element.touch = .init(make: { [unowned model] id, frame in .button(id, frame: frame) { model.undoToast() } }, onTop: true)
        }
        return element
    }

    /// Where the properties panel goes: the list's column beside the big
    /// photo in a wide window, so it never covers the photo; in a narrow
    /// or portrait one, below the photo, over the strip and the list, and
    /// over the photo's lower half at most where `rows` need the room to
    /// stand label over value (360 x 640); in a tiny window (360 x 360),
    /// over as much of the photo as 18 pt rows side by side need.
    static func propertiesFrame(_ layout: OverviewLayout, rows: Int) -> CGRect {
        let m = OverviewLayout.margin, size = layout.size
        if layout.listBeside { return CGRect(x: layout.list.minX, y: m, width: layout.list.width, height: size.height - 2 * m) }
        let chrome: CGFloat = 64, rows = CGFloat(rows)
        var top = max(layout.bigPhoto.midY, min(layout.strip.minY, size.height - m - chrome - rows * 32))
        if (size.height - m - top - chrome) / rows < 18 { top = max(m, size.height - m - chrome - rows * 18) }
        return CGRect(x: m, y: top, width: size.width - 2 * m, height: max(0, size.height - m - top))
    }

    /// The properties panel: its title, then a row a field, the label over
    /// its value where there is room, beside it where there is not (a
    /// short window); each row read as "Camera, Canon EOS 5D". A tap on it closes it.
    func propertiesElement(_ rows: [PropertiesPanel.Row]) -> LayoutElement {
        let model = self.model, theme = model.theme, strings = model.strings
        let panel = Self.propertiesFrame(model.layout, rows: rows.count)
        let titleSize = CGFloat(theme.rowTextSize)
        let top = panel.minY + 14 + titleSize * 1.6
        let rowHeight = min(44, max(1, (panel.maxY - 10 - top) / CGFloat(rows.count)))
        // Stacked down to 28 pt rows (a 13 pt value under a 9.5 pt label); side by side below.
        let stacked = rowHeight >= 28
        let valueSize = min(CGFloat(theme.secondarySize), rowHeight * (stacked ? 0.46 : 0.68)), labelSize = min(13, rowHeight * 0.34)
        let c: [Scene.Command] = [
            .fill(panel, color: RGBA(30, 30, 34), cornerRadius: OverviewLayout.bigCornerRadius),
            .text(strings(.propertiesTitle), origin: CGPoint(x: panel.minX + 16, y: panel.minY + 12), width: panel.width - 32,
                  size: titleSize, weight: .bold, color: theme.title, alignment: .leading),
        ]
        var element = LayoutElement(id: .properties, frame: panel, drawing: c,
                                    touch: .init(make: { [unowned model] id, frame in .button(id, frame: frame) { model.toggleProperties() } }, onTop: true),
                                    accessible: .init(label: strings(.propertiesTitle), traits: ["header"]))
        // Side by side, the labels' column is as wide as the longest label
        // needs (at about 0.7 em a character), at most 45% of the row.
        let longest = CGFloat(rows.map(\.label.count).max() ?? 0)
        let labelWidth = stacked ? panel.width - 32 : min((panel.width - 32) * 0.45, max(60, longest * valueSize * 0.7 + 12))
        for (i, row) in rows.enumerated() {
            let frame = CGRect(x: panel.minX + 16, y: top + CGFloat(i) * rowHeight, width: panel.width - 32, height: rowHeight)
            var r: [Scene.Command] = [
                .text(row.label, origin: CGPoint(x: frame.minX, y: stacked ? frame.minY + 2 : frame.midY - valueSize * 0.65), width: labelWidth - 8,
                      size: stacked ? labelSize : valueSize, weight: .regular, color: theme.secondaryText, alignment: .leading),
            ]
            if !row.value.isEmpty {
                r.append(.text(row.value, origin: CGPoint(x: stacked ? frame.minX : frame.minX + labelWidth, y: stacked ? frame.minY + labelSize + 3 : frame.midY - valueSize * 0.65),
                               width: stacked ? frame.width : frame.width - labelWidth, size: valueSize, weight: .regular, color: theme.primaryText,
                               alignment: .leading))
            }
            element.children.append(LayoutElement(id: .property(i), frame: frame, drawing: r,
                                                  accessible: .init(label: row.label, value: row.value, traits: ["label"])))
        }
        return element
    }

    /// The shortcuts overlay over everything: a panel listing `Shortcut.all`,
    /// keys at the leading side, what they do beside them, each row read
    /// by a screen reader; a tap anywhere closes it.
    func shortcutsElements() -> [LayoutElement] {
        let model = self.model, theme = model.theme, strings = model.strings, size = model.size
        let rows = Shortcut.all
        let panel = CGRect(x: 0, y: 0, width: min(size.width - 16, 760), height: min(size.height - 16, 64 + CGFloat(rows.count) * 30))
            .offsetBy(dx: (size.width - min(size.width - 16, 760)) / 2, dy: (size.height - min(size.height - 16, 64 + CGFloat(rows.count) * 30)) / 2)
        let rowHeight = max(12, (panel.height - 64) / CGFloat(rows.count))
        let keysWidth = (panel.width - 48) * 0.38
        var c: [Scene.Command] = [
            .fill(CGRect(origin: .zero, size: size), color: RGBA(0, 0, 0, 160), cornerRadius: 0),
            .fill(panel, color: theme.separator, cornerRadius: 16),
            .text(strings(.shortcutsTitle), origin: CGPoint(x: panel.minX + 24, y: panel.minY + 16), width: panel.width - 48,
                  size: theme.rowTextSize + 3, weight: .bold, color: theme.title, alignment: .leading),
        ]
        var out: [LayoutElement] = []
        for (i, shortcut) in rows.enumerated() {
            let row = CGRect(x: panel.minX + 24, y: panel.minY + 56 + CGFloat(i) * rowHeight, width: panel.width - 48, height: rowHeight)
            let textSize = min(CGFloat(theme.secondarySize), rowHeight * 0.6)
            var r: [Scene.Command] = []
            r.append(.text(shortcut.keysText, origin: CGPoint(x: row.minX, y: row.midY - textSize * 0.65), width: keysWidth - 12,
                           size: textSize, weight: .bold, color: theme.primaryText, alignment: .leading))
            r.append(.text(strings(shortcut.what), origin: CGPoint(x: row.minX + keysWidth, y: row.midY - textSize * 0.65),
                           width: row.width - keysWidth, size: textSize, weight: .regular, color: theme.primaryText, alignment: .leading))
            out.append(LayoutElement(id: .shortcut(i), frame: row, drawing: r,
                                     accessible: .init(label: shortcut.keysText, value: strings(shortcut.what), traits: ["label"])))
        }
        let overlay = LayoutElement(id: .shortcuts, frame: CGRect(origin: .zero, size: size), drawing: c,
                                    touch: .init(make: { [unowned model] id, frame in
                                        .button(id, frame: frame) { model.hideShortcuts() }
                                    }, onTop: true),
                                    accessible: .init(label: strings(.shortcutsTitle), traits: ["header", "dialog"], frame: panel, place: .header))
        return [overlay] + out
    }

    /// The big photo's previous and next buttons at its sides, while a
    /// mouse is over it (`AppModel.showsPageButtons`): a click pages, as
    /// the wheel and the arrows do; read and pressed by a screen reader too.
    func pageButtonElements() -> [LayoutElement] {
        let model = self.model, big = model.bigPhoto, frame = big.drawnFrame
        guard model.showsPageButtons else { return [] }
        let side: CGFloat = 48
        var out: [LayoutElement] = []
        for (step, name, words, glyph) in [(-1, "previous", Message.previousPhoto, "‹"), (1, "next", Message.nextPhoto, "›")] {
            let target = big.page + step
            guard target >= 0 && target < big.pageCount else { continue }
            let x = step < 0 ? frame.minX + 12 : frame.maxX - 12 - side
            var button = LayoutElement.pillButton(name, title: glyph, frame: CGRect(x: x, y: frame.midY - side / 2, width: side, height: side),
                                                  theme: model.theme, fill: Self.pageButton, onTop: true) { [unowned model] in
                model.bigPhoto.page(by: step)
                model.rebuildTree() // the first or last page has one button
            }
            button.accessible?.label = model.strings(words)
            out.append(button)
        }
        return out
    }

    /// The page buttons' discs, dark and see-through over the photo.
    static let pageButton = RGBA(0, 0, 0, 150)

    /// The confirmation's panel, darker than its buttons; its Delete button is red.
    static let dialogPanel = RGBA(26, 26, 30, 255)
    static let destructive = RGBA(192, 28, 40, 255)

    /// Shift+Delete's confirmation over everything: a question, a warning,
    /// Delete and Cancel (Return and Escape); a tap beside them does nothing.
    /// A screen reader reads it as a dialog, header first.
    /// Where Shift+Delete's dialog and its two buttons go in a window of `size`.
    static func deleteDialogFrames(size: CGSize) -> (panel: CGRect, cancel: CGRect, delete: CGRect) {
        let width = min(size.width - 16, 520), height: CGFloat = 176
        let panel = CGRect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
        let buttonWidth = min(160, (panel.width - 72) / 2)
        let delete = CGRect(x: panel.maxX - 24 - buttonWidth, y: panel.maxY - 24 - 44, width: buttonWidth, height: 44)
        return (panel, delete.offsetBy(dx: -(buttonWidth + 24), dy: 0), delete)
    }

    func deleteDialogElements(_ path: String) -> [LayoutElement] {
        let model = self.model, theme = model.theme, strings = model.strings, size = model.size
        let (panel, cancel, delete) = Self.deleteDialogFrames(size: size)
        let title = strings(.deleteForGoodTitle, AppModel.fileName(path)), detail = strings(.deleteForGoodDetail)
        let heading = CGRect(x: panel.minX + 24, y: panel.minY + 20, width: panel.width - 48, height: 30)
        let warning = heading.offsetBy(dx: 0, dy: 36)
        var dialog = LayoutElement(id: .deleteDialog, frame: CGRect(origin: .zero, size: size), drawing: [
            .fill(CGRect(origin: .zero, size: size), color: RGBA(0, 0, 0, 160), cornerRadius: 0),
            .fill(panel, color: Self.dialogPanel, cornerRadius: 16),
            .text(title, origin: heading.origin, width: heading.width, size: theme.rowTextSize + 3, weight: .bold, color: theme.title, alignment: .leading),
        ], touch: .init(make: { id, frame in .button(id, frame: frame) {} }, onTop: true),
           accessible: .init(label: title, traits: ["header", "dialog"], frame: panel, place: .header))
        dialog.children = [
            LayoutElement(id: .deleteDetail, frame: warning, drawing: [
                .text(detail, origin: warning.origin, width: warning.width, size: theme.secondarySize, weight: .regular,
                      color: theme.primaryText, alignment: .leading),
            ], accessible: .init(label: detail, traits: ["label"])),
            .pillButton(AppModel.cancelButton, title: strings(.cancel), frame: cancel, theme: theme) { [unowned model] in model.cancelDelete() },
            .pillButton(AppModel.deleteButton, title: strings(.deleteForGoodButton), frame: delete, theme: theme, fill: Self.destructive) { [unowned model] in
                model.deleteShownPhotoForGood()
            },
        ]
        // The focus ring on the button Tab reached, over the dialog.
        if let ring = model.focusFrame {
            var c: [Scene.Command] = []
            c.appendFocusRing(ring, color: theme.focus)
            dialog.children.append(LayoutElement(id: .focusRing, frame: ring, drawing: c))
        }
        return [dialog]
    }
}
