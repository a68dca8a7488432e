import { describe, expect, it } from "vitest";
import { fastestRun } from "../../tests/support/timing.ts";
import { META_READ_LIMIT, verificationMetaCodes } from "./proofs.ts";

const code = "toolshelf-0123456789abcdefghijklmnopqrstuv";
const tag = `<meta name="toolshelf-verification" content="${code}">`;
const page = (head: string, body = "<p>Hello</p>") =>
  `<!doctype html><html><head><title>Acme</title>${head}</head><body>${body}</body></html>`;

describe("verificationMetaCodes", () => {
  it("reads the meta tag of the head whatever its attribute order, quotes and case", () => {
    expect(verificationMetaCodes(page(tag))).toEqual([code]);
    expect(verificationMetaCodes(`<META CONTENT='${code}' NAME='Toolshelf-Verification' />`)).toEqual([code]);
    expect(verificationMetaCodes(`<meta name=toolshelf-verification content=${code}>`)).toEqual([code]);
    expect(verificationMetaCodes(`<meta\n  name="toolshelf-verification"\n  content=" ${code} "\n>`)).toEqual([code]);
    expect(
      verificationMetaCodes(
        `<meta name="toolshelf-verification" content="toolshelf-&#48;123456789abcdefghijklmnopqrstuv">`,
      ),
    ).toEqual([code]);
  });

  it("reads every such tag of the head, after the head's other elements, and in a head that is not written", () => {
    const other = "toolshelf-zyxwvutsrqponmlkjihgfedcba9876543210";
    const head = `<meta charset="utf-8"><link rel="icon" href="/i.png"><base href="/"><style>p{color:red}</style>
      <script>var a = "</p>";</script><!-- a comment --><template><p>x</p></template><noscript><img src="/x.gif"></noscript>
      <title>Again</title>${tag}<meta name="toolshelf-verification" content="${other}">`;
    expect(verificationMetaCodes(page(head))).toEqual([code, other]);
    expect(verificationMetaCodes(`<!doctype html>\n<!-- x -->\n<html lang="en">\n  ${tag}\n<p>body`)).toEqual([code]);
    expect(verificationMetaCodes(`\ufeff<!doctype html><head>${tag}`)).toEqual([code]);
  });

  it("takes a tag's first name and content, as a browser does", () => {
    expect(verificationMetaCodes(`<meta name="description" name="toolshelf-verification" content="${code}">`)).toEqual(
      [],
    );
    expect(verificationMetaCodes(`<meta name="toolshelf-verification" content="${code}" content="other">`)).toEqual([
      code,
    ]);
    expect(verificationMetaCodes(`<meta name="toolshelf-verification">`)).toEqual([""]);
  });

  it("does not count a tag in a comment, a script, a title, a noscript, a template or an attribute value", () => {
    const hidden = [
      `<!-- ${tag} -->`,
      `<script>document.write('${tag}')</script>`,
      `<script type="application/json">{"html": "${tag.replaceAll('"', '\\"')}"}</script>`,
      `<style>/* ${tag} */</style>`,
      `<title>${tag}</title>`,
      `<title/>${tag}</title>`,
      `<noscript>${tag}</noscript>`,
      `<noscript><!-- </noscript> -->${tag}</noscript>`,
      `<template>${tag}</template>`,
      `<template><template></template>${tag}</template>`,
      `<meta name="description" content='${tag}'>`,
      `<link rel="x" srcdoc='${tag}'>`,
      `<noframes>${tag}</noframes>`,
    ];
    for (const head of hidden) expect(verificationMetaCodes(page(head)), head).toEqual([]);
  });

  it("stops at the end of the head", () => {
    expect(verificationMetaCodes(page("", tag))).toEqual([]);
    expect(verificationMetaCodes(`<head></head>${tag}<body>`)).toEqual([]);
    expect(verificationMetaCodes(`<head></HEAD >${tag}`)).toEqual([]);
    expect(verificationMetaCodes(`<head>text${tag}`)).toEqual([]);
    expect(verificationMetaCodes(`<head>&amp;${tag}`)).toEqual([]);
    expect(verificationMetaCodes(`<head><div>${tag}`)).toEqual([]);
    expect(verificationMetaCodes(`<head></body>${tag}`)).toEqual([]);
    expect(verificationMetaCodes(`<body>${tag}`)).toEqual([]);
    expect(verificationMetaCodes(`<head><iframe srcdoc='${tag}'></iframe>${tag}`)).toEqual([]);
    // A script a browser reads past its first end tag: nothing after it is trusted.
    expect(verificationMetaCodes(`<head><script><!--<script></script>${tag}</script>--></script>`)).toEqual([]);
    // Stray end tags inside the head change nothing.
    expect(verificationMetaCodes(`<head></div></noscript></template>${tag}`)).toEqual([code]);
  });

  it("reads no further than the first 64 KB", () => {
    const filler = (size: number) => `<head><script>${"x".repeat(size - "<head><script></script>".length)}</script>`;
    expect(verificationMetaCodes(filler(META_READ_LIMIT - tag.length) + tag)).toEqual([code]);
    expect(verificationMetaCodes(filler(META_READ_LIMIT - tag.length + 1) + tag)).toEqual([]);
  });

  it("judges 512 KB of hostile HTML in under 100 ms", () => {
    const size = 512 * 1024;
    const fill = (unit: string, prefix = "<head>") =>
      (prefix + unit.repeat(Math.ceil(size / unit.length))).slice(0, size);
    const hostile = {
      "one meta with a run of name characters": `${fill("a", "<head><meta ").slice(0, size - 1)}>`,
      "one meta with a run of attribute names": fill("a=b ", "<head><meta "),
      "distinct attribute names":
        `<head><meta ${Array.from({ length: size / 4 }, (_, i) => i.toString(36)).join(" ")}`.slice(0, size),
      "an unclosed attribute value": fill("&amp", `<head><meta content="`),
      "metas without >": fill("<meta "),
      metas: fill(tag),
      "comment openings": fill("<!--"),
      noscripts: fill("<noscript></noscrip"),
      "noscript openings": fill("<noscript>"),
      templates: fill("<template>"),
      "end tags": fill("</"),
      "script openings in a script": fill("<!--<script ", "<head><script>"),
      "less-than signs": fill("<"),
    };
    for (const [name, body] of Object.entries(hostile)) {
      expect(body.length, name).toBe(size);
      expect(
        fastestRun(() => verificationMetaCodes(body), 100),
        name,
      ).toBeLessThan(100);
    }
  });
});
