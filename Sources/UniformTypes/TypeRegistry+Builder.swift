extension TypeRegistry {
    /// Validates declarations and computes the indexes of a registry.
    enum Builder {
        struct Output: Sendable {
            var records: [Record]
            var indexByKey: [String: Int]
            var wordsPerType: Int
            var ancestorBits: [UInt64]
            var extensionIndex: [String: [Int]]
            var mimeIndex: [String: [Int]]
            var aliasIndex: [String: Int]
            var aliasesByType: [Int: [String]]
            var problems: [TypeDeclarationError]
        }

        /// Builds the indexes.
        ///
        /// Problems are collected, not thrown: a duplicate keeps the first
        /// declaration, an unknown parent is dropped, a cycle is cut.
        static func build(
            _ declarations: [TypeDeclaration],
            aliases: [(String, String)],
            trusted: Bool = false
        ) -> Output {
            var problems: [TypeDeclarationError] = []
            var indexByKey: [String: Int] = [:]
            indexByKey.reserveCapacity(declarations.count)
            var kept: [TypeDeclaration] = []
            kept.reserveCapacity(declarations.count)
            for declaration in declarations {
                let key = declaration.identifier.asciiLowercased()
                guard trusted || isValidIdentifier(declaration.identifier) else {
                    problems.append(error(declaration, .malformedIdentifier))
                    continue
                }
                guard indexByKey[key] == nil else {
                    problems.append(error(declaration, .duplicate))
                    continue
                }
                indexByKey[key] = kept.count
                kept.append(declaration)
            }

            var records: [Record] = []
            records.reserveCapacity(kept.count)
            for declaration in kept {
                var parents: [Int] = []
                for parent in declaration.conformsTo {
                    if let index = indexByKey[parent.asciiLowercased()] {
                        if !parents.contains(index) { parents.append(index) }
                    } else {
                        problems.append(error(declaration, .unknownParent(parent)))
                    }
                }
                let key = declaration.identifier.asciiLowercased()
                records.append(
                    Record(
                        declaration: declaration,
                        key: key,
                        parents: parents,
                        isPublic: key.hasPrefix("public.")
                    )
                )
            }

            let words = max(1, (records.count + 63) / 64)
            var bits = [UInt64](repeating: 0, count: records.count * words)
            computeAncestors(&records, bits: &bits, words: words, problems: &problems)

            var extensionIndex: [String: [Int]] = [:]
            var mimeIndex: [String: [Int]] = [:]
            extensionIndex.reserveCapacity(records.count * 2)
            mimeIndex.reserveCapacity(records.count * 2)
            for (index, record) in records.enumerated() {
                for tag in record.declaration.filenameExtensions {
                    extensionIndex[tag.asciiLowercased(), default: []].append(index)
                }
                for tag in record.declaration.mimeTypes {
                    mimeIndex[tag.asciiLowercased(), default: []].append(index)
                }
            }
            let publicFirst: ([Int]) -> [Int] = { indices in
                guard indices.count > 1 else { return indices }
                return indices.filter { records[$0].isPublic }
                    + indices.filter { !records[$0].isPublic }
            }
            extensionIndex = extensionIndex.mapValues(publicFirst)
            mimeIndex = mimeIndex.mapValues(publicFirst)

            var aliasIndex: [String: Int] = [:]
            var aliasesByType: [Int: [String]] = [:]
            for (alias, identifier) in aliases {
                if let index = indexByKey[identifier.asciiLowercased()] {
                    let lowered = alias.asciiLowercased()
                    if aliasIndex[lowered] == nil {
                        aliasesByType[index, default: []].append(lowered)
                    }
                    aliasIndex[lowered] = index
                }
            }
            return Output(
                records: records,
                indexByKey: indexByKey,
                wordsPerType: words,
                ancestorBits: bits,
                extensionIndex: extensionIndex,
                mimeIndex: mimeIndex,
                aliasIndex: aliasIndex,
                aliasesByType: aliasesByType,
                problems: problems
            )
        }

        /// Fills each type's ancestor row with an iterative depth-first walk (no recursion, so
        /// a hostile file with a very deep chain cannot overflow the stack); cuts cycles.
        private static func computeAncestors(
            _ records: inout [Record],
            bits: inout [UInt64],
            words: Int,
            problems: inout [TypeDeclarationError]
        ) {
            enum State { case new, active, done }
            var state = [State](repeating: .new, count: records.count)
            var cutEdges: Set<[Int]> = []
            for root in records.indices where state[root] == .new {
                var stack: [(node: Int, next: Int)] = [(root, 0)]
                state[root] = .active
                while let top = stack.last {
                    let parents = records[top.node].parents
                    if top.next < parents.count {
                        stack[stack.count - 1].next += 1
                        let parent = parents[top.next]
                        switch state[parent] {
                        case .new:
                            state[parent] = .active
                            stack.append((parent, 0))
                        case .active:
                            let start = stack.firstIndex { $0.node == parent } ?? 0
                            let path = stack[start...].map {
                                records[$0.node].declaration.identifier
                            }
                            problems.append(
                                error(records[top.node].declaration, .cycle(path + [path[0]]))
                            )
                            cutEdges.insert([top.node, parent])
                        case .done:
                            break
                        }
                    } else {
                        let node = top.node
                        let row = node * words
                        bits[row + node >> 6] |= 1 << UInt64(node & 63)
                        for parent in parents
                        where cutEdges.isEmpty || !cutEdges.contains([node, parent]) {
                            let parentRow = parent * words
                            for word in 0..<words { bits[row + word] |= bits[parentRow + word] }
                        }
                        state[node] = .done
                        stack.removeLast()
                    }
                }
            }
            if !cutEdges.isEmpty {
                for index in records.indices {
                    let parents = records[index].parents.filter { !cutEdges.contains([index, $0]) }
                    let record = records[index]
                    records[index] = Record(
                        declaration: record.declaration,
                        key: record.key,
                        parents: parents,
                        isPublic: record.isPublic
                    )
                }
            }
        }

        private static func error(
            _ declaration: TypeDeclaration,
            _ reason: TypeDeclarationError.Reason
        ) -> TypeDeclarationError {
            TypeDeclarationError(
                file: declaration.source.fileName,
                entry: declaration.identifier.isEmpty
                    ? "(empty identifier)" : declaration.identifier,
                reason: reason
            )
        }

        /// True for a reverse-DNS identifier: ASCII letters, digits, `-` and `.`, or any
        /// character above U+007F; no empty component; not a `dyn.` identifier.
        static func isValidIdentifier(_ identifier: String) -> Bool {
            guard !identifier.isEmpty, identifier.utf8.count <= 255 else { return false }
            guard !identifier.lowercased().hasPrefix("dyn.") else { return false }
            var previousWasDot = true
            for scalar in identifier.unicodeScalars {
                if scalar == "." {
                    if previousWasDot { return false }
                    previousWasDot = true
                    continue
                }
                previousWasDot = false
                let value = scalar.value
                let ok =
                    (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A)
                    || (value >= 0x61 && value <= 0x7A) || value == 0x2D || value > 0x7F
                if !ok { return false }
            }
            return !previousWasDot
        }
    }
}
