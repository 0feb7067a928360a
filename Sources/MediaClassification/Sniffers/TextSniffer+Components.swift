// Single-file components of web frameworks: Vue and Svelte files are markup, and without their
// names they read as HTML fragments. What the frameworks add tells them: Vue's root-level
// `<template>` beside a `<script>` and its `v-` directives; Svelte's `on:`, `bind:` and
// `{#if}` blocks beside a root-level `<script>`.

extension TextSniffer {
    /// Vue's directives (`v-if`, `v-for`, ..., as attributes or elements) and what a Vue
    /// component's script writes.
    private static let vueMarkList = [
        " v-", "<v-", "export default", "module.exports", "defineComponent(", "defineProps(",
    ]

    /// Svelte's directives, blocks and script forms.
    private static let svelteMarkList = [
        "on:", "bind:", "{#if", "{#each", "{#await", "{:else}", "export let ", "$: ",
    ]

    /// The most lines a component is read for.
    private static let componentLines = 400

    /// A Vue or Svelte component: its identifier and the evidence, or nil.
    ///
    /// Markup that opens as a document (`<?xml`, `<!DOCTYPE`, `<html>`) is none. A Vue
    /// component has `<template>` and `<script` (or `<script setup>`) at the margin and one of
    /// Vue's marks: a `v-` directive (`v-if`, `v-for`, `v-model`, ...), `export default`,
    /// `module.exports`, `defineComponent(`, `defineProps(` or `<script setup`. A Svelte
    /// component has `<script>` at the margin, no `<template>`, and two of Svelte's marks:
    /// `on:event=`, `bind:`, `{#if`, `{#each`, `{#await`, `{:else}`, `export let `, `$:`.
    static func componentEvidence(_ text: ArraySlice<UInt8>) -> (String, String)? {
        let start = text.drop(while: { isSpace($0) || $0 == 0x0A || $0 == 0x0D })
        if startsWithAny(start, ["<?xml", "<!DOCTYPE", "<!doctype", "<html", "<HTML"]) {
            return nil
        }
        var template = false
        var script = false
        var vueMarks: Set<String> = []
        var svelteMarks: Set<String> = []
        forEachLine(of: text, upTo: componentLines) { raw in
            let line = trimmingEnd(raw)
            if hasPrefix(line, "<template") { template = true }
            if hasPrefix(line, "<script") {
                script = true
                if contains(line, " setup") { vueMarks.insert("<script setup>") }
            }
            if hasPrefix(line, "<html") || hasPrefix(line, "<body") { return false }
            for mark in vueMarkList where contains(line, mark) {
                vueMarks.insert(mark)
            }
            for mark in svelteMarkList where contains(line, mark) {
                svelteMarks.insert(mark)
            }
            return true
        }
        guard script else { return nil }
        if template, let mark = vueMarks.sorted().first {
            return ("org.vuejs.vue-component", "root <template> and <script>, \(mark)")
        }
        // Directives alone must stand as attributes (`on:` is in `session:` too).
        let svelte =
            svelteMarks.count >= 2
            && (!svelteMarks.isSubset(of: ["on:", "bind:"]) || hasSvelteDirective(text))
        if !template, svelte {
            return (
                "dev.svelte.svelte-component",
                "root <script>, " + svelteMarks.sorted().prefix(3).joined(separator: ", ")
            )
        }
        return nil
    }

    /// Whether an element's attribute is a Svelte directive: `on:click=` or `bind:value=`
    /// after a space, as an attribute is written (a URL's `http:` or a CSS `hover:` is not).
    private static func hasSvelteDirective(_ text: ArraySlice<UInt8>) -> Bool {
        contains(text.prefix(32 << 10), " on:") || contains(text.prefix(32 << 10), " bind:")
    }
}
