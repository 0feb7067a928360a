// The Lisp family besides Clojure: Common Lisp, Emacs Lisp, Scheme and Racket. All four write
// parenthesised forms at the margin; what tells them apart is which defining forms and
// library calls they use. Racket (and Scheme under Racket) names its language on the first
// line, `#lang racket`.

extension TextSniffer {
    /// What makes text Common Lisp, Emacs Lisp, Scheme or Racket, with the type.
    ///
    /// `;` comments aside, the first line must open a form (`(`) or name a Racket language
    /// (`#lang racket`, `#lang scheme`: that line decides). Two forms at least must open at the
    /// margin, and half the lines there. Then each dialect's own forms are counted:
    /// - Emacs Lisp: `(provide 'name)`, `(require 'name)`, `(defcustom`, `(defgroup`,
    ///   `(defface`, `(interactive`, `(add-hook '`, `(add-to-list '`, `(define-key`,
    ///   `(global-set-key`, `(setq-default`, `(setq-local`, `(use-package`,
    ///   `(define-minor-mode`, `(define-derived-mode`, `(autoload '`, a `(setq` at the margin,
    ///   and a header comment naming a `.el` file or `lexical-binding`;
    /// - Common Lisp: `(in-package`, `(defpackage`, `(defparameter`, `(defconstant`,
    ///   `(defgeneric`, `(defmethod`, `(defclass`, `(declaim`, `(defsystem`, `(format t `,
    ///   `(export '(`, and a `Mode: Lisp` header;
    /// - Scheme: `(define (`, `(define name`, `(define-syntax`, `(define-record-type`,
    ///   `(import (`, `(use-modules`, `(display `, `(newline)`, `#t`/`#f`.
    ///
    /// Emacs Lisp or Common Lisp needs two of its own forms, or one beside a `(defun`,
    /// `(defmacro` or `(defvar` (which both write), and more than the other has; Scheme needs
    /// two kinds and none of the others'. `(defun` and `(defmacro` together, with nothing
    /// more, are Common Lisp's.
    static func lispEvidence(_ lines: [ArraySlice<UInt8>]) -> (String, String)? {
        guard
            let first = lines.first(where: { $0.drop(while: isSpace).first != UInt8(ascii: ";") })
        else { return nil }
        if hasPrefix(first, "#lang ") { return racketLanguage(first) }
        guard first.first == UInt8(ascii: "(") else { return nil }
        var atMargin = 0
        var formsAtMargin = 0
        var emacs: Set<String> = []
        var common: Set<String> = []
        var scheme: Set<String> = []
        var shared: Set<String> = []
        for line in lines {
            let body = line.drop(while: isSpace)
            if body.first == UInt8(ascii: ";") {
                if contains(body, ".el ---") || contains(body, "lexical-binding:")
                    || containsIgnoringCase(body, "mode: emacs-lisp")
                {
                    emacs.insert("an Emacs Lisp header")
                } else if containsIgnoringCase(body, "mode: lisp") {
                    common.insert("a Lisp mode line")
                }
                continue
            }
            if body.startIndex == line.startIndex {
                atMargin += 1
                if body.first == UInt8(ascii: "(") { formsAtMargin += 1 }
                if hasPrefix(body, "(setq ") { emacs.insert("(setq") }
            }
            guard let open = body.firstIndex(of: UInt8(ascii: "(")) else { continue }
            let form = body[open...]
            if let mark = emacsForms.first(where: { hasPrefix(form, $0) }) {
                emacs.insert(mark)
            }
            if let mark = commonForms.first(where: { hasPrefix(form, $0) }) {
                common.insert(mark)
            }
            if let mark = sharedForms.first(where: { hasPrefix(form, $0) }) {
                shared.insert(mark)
            }
            if let mark = schemeForms.first(where: { hasPrefix(form, $0) }) {
                scheme.insert(mark)
            }
            if contains(body, " #t") || contains(body, " #f") { scheme.insert("#t/#f") }
        }
        guard formsAtMargin >= 2, 2 * formsAtMargin >= atMargin else { return nil }
        func enough(_ own: Set<String>) -> Bool {
            own.count >= 2 || (own.count == 1 && !shared.isEmpty)
        }
        // The forms as the detail names them: `(defun`, not `(defun `.
        func listing(_ kind: String, _ marks: Set<String>) -> String {
            let names = marks.map { $0.hasSuffix(" ") ? String($0.dropLast()) : $0 }
            return kind + " forms " + names.sorted().joined(separator: ", ")
        }
        if enough(emacs), emacs.count > common.count {
            return ("org.gnu.emacs-lisp-source", listing("Lisp", emacs.union(shared)))
        }
        if enough(common), common.count > emacs.count {
            return ("org.common-lisp.source", listing("Lisp", common.union(shared)))
        }
        if emacs.isEmpty, common.isEmpty, shared.isDisjoint(with: ["(defun ", "(defmacro "]),
            scheme.count >= 2
        {
            return ("org.scheme-reports.scheme-source", listing("Scheme", scheme))
        }
        if emacs.isEmpty, common.isEmpty, shared.isSuperset(of: ["(defun ", "(defmacro "]) {
            return ("org.common-lisp.source", listing("Lisp", common.union(shared)))
        }
        return nil
    }

    /// Racket's `#lang` line: the Scheme languages (`scheme`, `r5rs`, `r6rs`) are Scheme,
    /// every other one (`racket`, `racket/base`, `typed/racket`, ...) Racket.
    private static func racketLanguage(_ line: ArraySlice<UInt8>) -> (String, String)? {
        let name = line.dropFirst("#lang ".utf8.count).drop(while: isSpace).prefix { !isSpace($0) }
        guard !name.isEmpty else { return nil }
        let language = String(decoding: name, as: UTF8.self)
        let detail = "#lang \(language)"
        if ["scheme", "r5rs", "r6rs", "r7rs"].contains(language) {
            return ("org.scheme-reports.scheme-source", detail)
        }
        return ("org.racket-lang.racket-source", detail)
    }

    private static let emacsForms = [
        "(provide '", "(require '", "(defcustom ", "(defgroup ", "(defface ", "(interactive",
        "(add-hook '", "(add-to-list '", "(define-key ", "(global-set-key ", "(setq-default ",
        "(setq-local ", "(use-package ", "(define-minor-mode ", "(define-derived-mode ",
        "(autoload '",
    ]

    private static let commonForms = [
        "(in-package ", "(defpackage ", "(defparameter ", "(defconstant ", "(defgeneric ",
        "(defmethod ", "(defclass ", "(declaim ", "(defsystem ", "(asdf:defsystem ",
        "(format t ", "(export '(",
    ]

    private static let sharedForms = ["(defun ", "(defmacro ", "(defvar "]

    private static let schemeForms = [
        "(define (", "(define-syntax ", "(define-record-type ", "(import (", "(use-modules ",
        "(display ", "(newline)", "(define ",
    ]
}
