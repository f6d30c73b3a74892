/// The doctor's findings about notes moved outside enote (``MoveRepair``).
extension VaultDoctor {
    /// The links that moves outside enote broke, and the moves that cannot be repaired.
    struct MoveFindings {
        var findings: [Finding] = []
        /// The broken-link and missing-image findings these replace: `note` and destination of
        /// each, as written and decoded.
        var brokenLinks: Set<[String]> = []

        /// Whether `finding` is a broken link (or picture) that a moved-link finding already reports.
        func covers(_ finding: Finding) -> Bool {
            guard finding.kind == .brokenLink || finding.kind == .missingImage, case .text(let destination)? = finding.message.arguments.first
            else { return false }
            return brokenLinks.contains([finding.location, destination])
        }
    }

    func moveFindings() throws(VaultError) -> MoveFindings {
        var result = MoveFindings()
        for repair in try vault.moveRepairs(index: index) {
            if let message = repair.message {
                result.findings.append(Finding(kind: .movedNote, location: repair.move.from.description, message: message))
            }
            for link in repair.brokenLinks {
                let to = repair.move.to[0]
                result.findings.append(
                    Finding(
                        kind: .movedLink, location: "\(link.note):\(link.line)",
                        message:
                            "the link to \(link.destination) leads nowhere since \(repair.move.from) was moved to \(to) outside enote; it can be rewritten to \(link.replacement)"
                    ))
                result.brokenLinks.insert([link.note.description, link.destination])
                result.brokenLinks.insert([link.note.description, link.target])
            }
        }
        return result
    }
}
