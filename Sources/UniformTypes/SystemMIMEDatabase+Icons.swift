// Icon names, as GIO gives them for a content type (g_content_type_get_icon and
// g_content_type_get_generic_icon_name): the `<icon>` and `<generic-icon>` elements of
// shared-mime-info, which update-mime-database compiles into mime.cache's ICONS and
// GENERIC_ICONS lists, and the names GIO falls back on.

extension SystemMIMEDatabase {
    /// The icon name a cache lists for a MIME type (shared-mime-info's `<icon name>`), from
    /// the first cache in priority order that lists one; nil when none does.
    ///
    /// The type is matched as spelled, as GIO's `xdg_mime_get_icon` matches it.
    /// - Parameter mimeType: A canonical MIME type.
    /// - Returns: The icon name, or nil.
    package func listedIconName(of mimeType: String) -> String? {
        listedIcon(of: mimeType, in: \.icons)
    }

    /// The generic icon name a cache lists for a MIME type (shared-mime-info's
    /// `<generic-icon name>`), from the first cache that lists one; nil when none does.
    ///
    /// - Parameter mimeType: A canonical MIME type.
    /// - Returns: The icon name, or nil.
    package func listedGenericIconName(of mimeType: String) -> String? {
        listedIcon(of: mimeType, in: \.genericIcons)
    }

    /// The icon names GIO puts in a content type's themed icon, in its order: the listed icon
    /// (when there is one), the MIME type with `/` made `-`, then the generic icon name.
    ///
    /// This is the non-symbolic half of what `gio info -a standard::icon` prints.
    /// - Parameter mimeType: A canonical MIME type.
    /// - Returns: One to three names, each once.
    package func iconNames(of mimeType: String) -> [String] {
        let names = Self.iconNames(of: mimeType, listed: listedIconName(of: mimeType))
        let generic = genericIconName(of: mimeType)
        // GIO's themed icon keeps a name once (`application/x-executable` lists
        // `application-x-executable` as its generic icon too).
        return names.contains(generic) ? names : names + [generic]
    }

    /// The generic icon name of a MIME type, as `g_content_type_get_generic_icon_name`: the
    /// listed one, else the media type followed by `-x-generic` (`video-x-generic`).
    ///
    /// - Parameter mimeType: A canonical MIME type.
    /// - Returns: The icon name.
    package func genericIconName(of mimeType: String) -> String {
        listedGenericIconName(of: mimeType) ?? Self.fallbackGenericIconName(of: mimeType)
    }

    /// GIO's generic icon name for a MIME type no cache lists: the part before the `/` (the
    /// whole name when there is none) followed by `-x-generic`.
    static func fallbackGenericIconName(of mimeType: String) -> String {
        let media = mimeType.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        return String(media.first ?? "") + "-x-generic"
    }

    /// The specific names GIO tries first: the listed icon, then the MIME type with every
    /// `/` made `-`.
    static func iconNames(of mimeType: String, listed: String?) -> [String] {
        let dashed = String(mimeType.map { $0 == "/" ? "-" : $0 })
        return listed.map { [$0, dashed] } ?? [dashed]
    }

    private func listedIcon(of mimeType: String, in table: KeyPath<MIMECache, MIMECache.Table>)
        -> String?
    {
        mimeType.withMIMECacheKey { key -> String? in
            for cache in caches {
                let reader = cache.reader
                let list = cache[keyPath: table]
                guard let hit = reader.find(key, in: list) else { continue }
                return reader.u32(list.entry(hit) + 4).flatMap(reader.string(at:))
            }
            return nil
        }
    }
}
