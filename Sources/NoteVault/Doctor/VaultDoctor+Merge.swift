extension VaultDoctor {
    /// What a git merge left for the user: conflict markers in a note, a `conflicts` entry
    /// recorded by the merge driver, and a clone whose `.gitattributes` asks for the driver
    /// that its config does not define (git then merges notes as plain text).
    func mergeFindings(_ paths: [NotePath]) -> [Finding] {
        var findings: [Finding] = []
        for path in paths {
            guard let bytes = try? vault.readWithSnapshot(path).snapshot.bytes else { continue }
            if let line = Self.conflictMarkerLine(in: bytes) {
                findings.append(
                    Finding(
                        kind: .conflictMarkers, location: "\(path):\(line)",
                        message:
                            "conflict markers from a git merge; keep the lines you want, delete the <<<<<<<, ======= and >>>>>>> lines, then commit the note"))
            }
            if case .parsed(let frontMatter) = FrontMatterParser.read(bytes, file: path.description).0 {
                let items = MergeConflicts.items(in: frontMatter)
                if !items.isEmpty, let line = frontMatter.entries.first(where: { $0.key == MergeConflicts.key })?.line {
                    findings.append(
                        Finding(
                            kind: .mergeConflict, location: "\(path):\(line)",
                            message: LocalizedMessage(
                                "a merge kept one of two values and recorded the other: \(items.joined(separator: "; "))",
                                remedy: .resolveMergedValue(path: path.description))
                        ))
                }
            }
        }
        let setup = MergeDriverSetup(vault: vault)
        if setup.attributesDeclareDriver, setup.isInGitWorkTree, setup.configuredCommand == nil {
            findings.append(
                Finding(
                    kind: .mergeDriverMissing, location: ".gitattributes",
                    message: LocalizedMessage(
                        "this clone does not define the enote merge driver that .gitattributes asks for, so git merges notes as plain text",
                        remedy: .setUpGit)
                ))
        } else if setup.attributesDeclareDriver, setup.isInGitWorkTree, let program = setup.missingProgram {
            findings.append(
                Finding(
                    kind: .mergeDriverMissing, location: ".gitattributes",
                    message: LocalizedMessage(
                        "the enote merge driver configured in this clone runs \(program), which is missing, so git merges notes as plain text",
                        remedy: .setUpGit)
                ))
        }
        return findings
    }

    /// The first line (1-based) that is a git conflict marker: `<<<<<<<` or `>>>>>>>` (any
    /// length from 7) alone or followed by a space and a label. A `=======` line alone is not
    /// counted: it is also Markdown's underline of a heading.
    static func conflictMarkerLine(in bytes: [UInt8]) -> Int? {
        var line = 1
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            if isMarker(bytes[start..<contentEnd]) { return line }
            start = end + 1
            line += 1
        }
        return nil
    }

    private static func isMarker(_ text: ArraySlice<UInt8>) -> Bool {
        guard let first = text.first, first == UInt8(ascii: "<") || first == UInt8(ascii: ">") else { return false }
        let run = text.prefix { $0 == first }.count
        guard run >= 7 else { return false }
        // `<<<<<<< ours` / `>>>>>>> theirs`: a space or nothing after the run.
        return run == text.count || text[text.startIndex + run] == UInt8(ascii: " ")
    }
}
