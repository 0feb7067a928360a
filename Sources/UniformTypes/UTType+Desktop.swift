#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// What a Linux desktop shows for a type, as GIO gives it for a content type: icon names and a
// localized description, from the system's shared-mime-info database. Apple's UTType has no
// such members (icons come from NSWorkspace there); these are extensions of this package.

extension UTType {
    /// The MIME type the desktop database knows the type by: the preferred MIME type (or, for
    /// a declared type without one, the first alias that names it), spelled as the system
    /// database spells its canonical type when the database knows it.
    ///
    /// This is a Linux extension: Apple's `UTType` has no such property.
    public var desktopMIMEType: String? {
        var mimeType = preferredMIMEType
        if mimeType == nil, case .declared(let index) = storage {
            mimeType = registry.firstAlias(of: index)
        }
        guard let mimeType else { return nil }
        let bare = TypeRegistry.stripParameters(mimeType)
        return registry.mimeDatabase?.canonicalMIMEType(for: bare) ?? bare
    }

    /// The name of the type's icon in the desktop's icon theme, as GIO's
    /// `g_content_type_get_icon` tries it first: the icon the system database lists for the
    /// type's MIME type (shared-mime-info's `<icon>`), else the MIME type with `/` made `-`
    /// (`video-mp4`).
    ///
    /// Nil when the type has no MIME type (`public.movie`). This is a Linux extension:
    /// Apple's `UTType` has no icon members.
    public var iconName: String? {
        iconNames.first
    }

    /// The generic icon name of the type, as GIO's `g_content_type_get_generic_icon_name`
    /// gives it: the one the system database lists (shared-mime-info's `<generic-icon>`,
    /// `x-office-document` for a Word document), else the MIME type's media type followed by
    /// `-x-generic` (`video-x-generic`).
    ///
    /// Nil when the type has no MIME type. This is a Linux extension.
    public var genericIconName: String? {
        guard let mimeType = desktopMIMEType else { return nil }
        guard let database = registry.mimeDatabase else {
            return SystemMIMEDatabase.fallbackGenericIconName(of: mimeType)
        }
        return database.genericIconName(of: mimeType)
    }

    /// The icon names an icon theme is searched for, in GIO's order: ``iconName`` (after the
    /// listed icon when there is one), then ``genericIconName``.
    ///
    /// This is what `gio info -a standard::icon` prints for a file of the type, without the
    /// `-symbolic` names. Empty when the type has no MIME type. This is a Linux extension.
    public var iconNames: [String] {
        guard let mimeType = desktopMIMEType else { return [] }
        guard let database = registry.mimeDatabase else {
            return SystemMIMEDatabase.iconNames(of: mimeType, listed: nil) + [
                SystemMIMEDatabase.fallbackGenericIconName(of: mimeType)
            ]
        }
        return database.iconNames(of: mimeType)
    }

    /// The type's description in the user's language, from the system's shared-mime-info
    /// database, as GIO's `g_content_type_get_description` reads it.
    ///
    /// The language comes from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` or `LANG` (the first
    /// set), as GLib reads them; the untranslated (English) description is the fallback.
    /// The XML file is read when first asked for, and at most 1 MiB of it. Nil when the type
    /// has no MIME type or the database does not describe it; ``localizedDescription`` is
    /// this package's own description.
    ///
    /// This is a Linux extension.
    public var systemLocalizedDescription: String? {
        systemLocalizedDescription(
            languages: SystemMIMEDatabase.languageNames { name in
                getenv(name).map { String(cString: $0) }
            }
        )
    }

    /// The type's description from the system's shared-mime-info database in the first of
    /// `languages` that it is translated into.
    ///
    /// - Parameter languages: Locale names, most wanted first (`pt_BR`, `pt`); `C` stands
    ///   for the untranslated (English) description, which is tried last whether listed or
    ///   not.
    /// - Returns: The description, or nil when the type has no MIME type or the database
    ///   does not describe it.
    ///
    /// This is a Linux extension.
    public func systemLocalizedDescription(languages: [String]) -> String? {
        guard let mimeType = desktopMIMEType, let database = registry.mimeDatabase else {
            return nil
        }
        let names = languages.last == "C" ? languages : languages + ["C"]
        return database.description(of: mimeType, languages: names)
    }
}
