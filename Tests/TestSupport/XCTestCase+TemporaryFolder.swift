import XCTest

extension XCTestCase {
    /// A `TemporaryFolder` of the running test's own, removed once the test
    /// has ended (XCTest runs teardown blocks last in first, then
    /// `tearDown`), so no test writes its own clean-up.
    public func temporaryFolder(_ prefix: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix)
        addTeardownBlock { folder.remove() }
        return folder
    }
}
