extension TypeRegistry {
    /// Validates declarations and computes a registry's tables.
    enum Builder {
        struct Output: Sendable {
            /// The declarations kept (a duplicate's second declaration is dropped).
            var declarations: [TypeDeclaration]
            var tables: TypeTables
            /// Bit `j` of row `i` is set when type `i` conforms to type `j`.
            var ancestorBits: [UInt64]
            var problems: [TypeDeclarationError]
        }

        /// Builds the tables.
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
            var keys: [String] = []
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
                guard kept.count < TypeRegistry.maximumTypeCount else {
                    let limit = TypeRegistry.maximumTypeCount
                    problems.append(error(declaration, .tooLarge("more than \(limit) types")))
                    break
                }
                indexByKey[key] = kept.count
                kept.append(declaration)
                keys.append(key)
            }

            var parents: [[Int]] = []
            parents.reserveCapacity(kept.count)
            for declaration in kept {
                var list: [Int] = []
                for parent in declaration.conformsTo {
                    if let index = indexByKey[parent.asciiLowercased()] {
                        if !list.contains(index) { list.append(index) }
                    } else {
                        problems.append(error(declaration, .unknownParent(parent)))
                    }
                }
                parents.append(list)
            }
            let ancestorBits = computeAncestors(kept, &parents, problems: &problems)

            let isPublic = keys.map { $0.hasPrefix("public.") }
            var aliasEntries: [(key: String, candidates: [Int])] = []
            var seenAliases: Set<String> = []
            for (alias, identifier) in aliases {
                guard let index = indexByKey[identifier.asciiLowercased()] else { continue }
                let key = alias.asciiLowercased()
                if seenAliases.insert(key).inserted { aliasEntries.append((key, [index])) }
            }
            var assembler = TypeTables.Assembler()
            assembler.addIdentifiers(keys)
            assembler.addParents(parents)
            assembler.addTags(tagEntries(kept, isPublic: isPublic, \.filenameExtensions))
            assembler.addTags(tagEntries(kept, isPublic: isPublic, \.mimeTypes))
            assembler.addTags(aliasEntries)
            let tables = assembler.tables()
            return Output(
                declarations: kept,
                tables: tables,
                ancestorBits: ancestorBits,
                problems: problems
            )
        }

        /// The distinct lower-cased tags of one class in order of first appearance, each with
        /// its types: public types first, then in declaration order.
        private static func tagEntries(
            _ declarations: [TypeDeclaration],
            isPublic: [Bool],
            _ tags: KeyPath<TypeDeclaration, [String]>
        ) -> [(key: String, candidates: [Int])] {
            var entries: [(key: String, candidates: [Int])] = []
            var entryByKey: [String: Int] = [:]
            for (index, declaration) in declarations.enumerated() {
                for tag in declaration[keyPath: tags] {
                    let key = tag.asciiLowercased()
                    if let entry = entryByKey[key] {
                        if entries[entry].candidates.last != index {
                            entries[entry].candidates.append(index)
                        }
                    } else {
                        entryByKey[key] = entries.count
                        entries.append((key, [index]))
                    }
                }
            }
            for entry in entries.indices where entries[entry].candidates.count > 1 {
                let candidates = entries[entry].candidates
                entries[entry].candidates =
                    candidates.filter { isPublic[$0] } + candidates.filter { !isPublic[$0] }
            }
            return entries
        }

        /// Each type's row of ancestor bits (itself included), from an iterative depth-first
        /// walk (no recursion, so a hostile file with a very deep chain cannot overflow the
        /// stack); cuts cycles, removing the cut edges from `parents`.
        private static func computeAncestors(
            _ declarations: [TypeDeclaration],
            _ parents: inout [[Int]],
            problems: inout [TypeDeclarationError]
        ) -> [UInt64] {
            let count = declarations.count
            let words = TypeRegistry.wordsPerType(count: count)
            var bits = [UInt64](repeating: 0, count: count * words)
            enum State { case new, active, done }
            var state = [State](repeating: .new, count: count)
            var cutEdges: Set<[Int]> = []
            for root in 0..<count where state[root] == .new {
                var stack: [(node: Int, next: Int)] = [(root, 0)]
                state[root] = .active
                while let top = stack.last {
                    let nodeParents = parents[top.node]
                    if top.next < nodeParents.count {
                        stack[stack.count - 1].next += 1
                        let parent = nodeParents[top.next]
                        switch state[parent] {
                        case .new:
                            state[parent] = .active
                            stack.append((parent, 0))
                        case .active:
                            let start = stack.firstIndex { $0.node == parent } ?? 0
                            let path = stack[start...].map { declarations[$0.node].identifier }
                            problems.append(
                                error(declarations[top.node], .cycle(path + [path[0]]))
                            )
                            cutEdges.insert([top.node, parent])
                        case .done:
                            break
                        }
                    } else {
                        let node = top.node
                        let row = node * words
                        bits[row + node >> 6] |= 1 << UInt64(node & 63)
                        for parent in nodeParents
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
                for index in parents.indices {
                    parents[index].removeAll { cutEdges.contains([index, $0]) }
                }
            }
            return bits
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
