import Foundation
import TestSupport

// gen-gestures SEED EVENTS [HOURS] [STATE_EVERY] [--tame] > script.txt
//
// Writes TestSupport's FuzzGenerator script for SEED (decimal or 0x...):
// the soak's gestures, and a fuzz failure's script to replay by hand.
var arguments = Array(CommandLine.arguments.dropFirst())
let tame = arguments.contains("--tame")
arguments.removeAll { $0 == "--tame" }

func seed(_ text: String) -> UInt64? {
    text.lowercased().hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
}

guard (2...4).contains(arguments.count), let seed = seed(arguments[0]), let events = Int(arguments[1]), events > 0,
      let hours = arguments.count > 2 ? Double(arguments[2]) : 0, hours.isFinite, hours >= 0,
      let every = arguments.count > 3 ? Int(arguments[3]) : 5000, every >= 0 else {
    FileHandle.standardError.write(Data("usage: gen-gestures SEED EVENTS [HOURS] [STATE_EVERY] [--tame]; got '\(CommandLine.arguments.dropFirst().joined(separator: " "))'\n".utf8))
    exit(2)
}
var generator = FuzzGenerator(seed: seed, events: events, hours: hours, stateEvery: every, tame: tame)
FileHandle.standardOutput.write(Data(generator.run().utf8))
