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
                        message: ConflictMarkers.message))
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

    /// The first line (1-based) that is a git conflict marker (``ConflictMarkers``).
    static func conflictMarkerLine(in bytes: [UInt8]) -> Int? {
        ConflictMarkers.lines(in: bytes).first
    }
}
