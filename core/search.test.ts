import { describe, it, expect } from "vitest";
import {
  SEARCH_WEIGHTS,
  MAX_QUERY_LENGTH,
  MIN_TRACKED_LENGTH,
  displayQuery,
  normalizeQuery,
  queryWords,
  scoreTool,
  compareRanked,
  trackableTerm,
  editDistance,
  suggestCorrection,
  type SearchableTool,
  type RankedTool,
} from "./search.ts";

// A tool that no test query reaches unless a test puts text in it.
const blank: SearchableTool = { name: "", tagline: "", description: "", categories: [], tags: [] };
const tool = (fields: Partial<SearchableTool>): SearchableTool => ({ ...blank, ...fields });
const score = (fields: Partial<SearchableTool>, raw: string) => scoreTool(tool(fields), normalizeQuery(raw));

describe("constants", () => {
  it("match docs/design.md#constants", () => {
    expect(SEARCH_WEIGHTS).toEqual({
      name: { phrase: 5, word: 3 },
      tagline: { phrase: 3, word: 2 },
      description: { phrase: 2, word: 1 },
      categories: { phrase: 3, word: 2 },
      tags: { phrase: 2, word: 1 },
    });
    expect(MAX_QUERY_LENGTH).toBe(200);
    expect(MIN_TRACKED_LENGTH).toBe(2);
  });
});

describe("displayQuery", () => {
  it("keeps what the visitor typed, case and all, trimmed and with whitespace runs as one space", () => {
    expect(displayQuery("  Design Software ")).toBe("Design Software");
    expect(displayQuery("AI\t\n  Tools")).toBe("AI Tools");
    expect(displayQuery("\u00a0Figma\u2003Jam")).toBe("Figma Jam");
  });

  it("is what normalizeQuery matches, lower-cased", () => {
    for (const raw of ["  Design Software ", "ÉCOLE", "AI\u3000Tools", "İstanbul"])
      expect(normalizeQuery(raw)).toBe(displayQuery(raw).toLowerCase());
  });
});

describe("normalizeQuery", () => {
  it("trims and lowercases", () => {
    expect(normalizeQuery("  Notion  ")).toBe("notion");
    expect(normalizeQuery("NoTiOn")).toBe("notion");
  });

  it("collapses runs of spaces, tabs and newlines to one space", () => {
    expect(normalizeQuery("project   management")).toBe("project management");
    expect(normalizeQuery("project\tmanagement")).toBe("project management");
    expect(normalizeQuery("project\r\n\nmanagement")).toBe("project management");
    expect(normalizeQuery("\t a \n b \t")).toBe("a b");
  });

  it("treats Unicode whitespace as whitespace", () => {
    expect(normalizeQuery("\u00a0project\u2003\u3000management\u2028")).toBe("project management");
  });

  it("turns empty and whitespace-only input into the empty string", () => {
    expect(normalizeQuery("")).toBe("");
    expect(normalizeQuery(" \t\n ")).toBe("");
  });

  it("leaves punctuation alone", () => {
    expect(normalizeQuery("C++ & Go!")).toBe("c++ & go!");
  });

  it("is idempotent", () => {
    const once = normalizeQuery("  AI \t Writing  ");
    expect(normalizeQuery(once)).toBe(once);
  });
});

describe("queryWords", () => {
  it("splits on spaces", () => {
    expect(queryWords("project management hub")).toEqual(["project", "management", "hub"]);
  });

  it("keeps each word once, in first-seen order", () => {
    expect(queryWords("ai ai")).toEqual(["ai"]);
    expect(queryWords("b a b c a")).toEqual(["b", "a", "c"]);
  });

  it("has no words for the empty query", () => {
    expect(queryWords("")).toEqual([]);
  });

  it("is a single word for a one-word query", () => {
    expect(queryWords("notion")).toEqual(["notion"]);
  });
});

describe("scoreTool: each weight on its own", () => {
  // One-word query: the field contains both the whole query and its only word.
  it("name: phrase 5 + word 3", () => {
    expect(score({ name: "Notion" }, "notion")).toBe(8);
  });

  it("tagline: phrase 3 + word 2", () => {
    expect(score({ tagline: "Notion for teams" }, "notion")).toBe(5);
  });

  it("description: phrase 2 + word 1", () => {
    expect(score({ description: "Works with Notion." }, "notion")).toBe(3);
  });

  it("categories: phrase 3 + word 2", () => {
    expect(score({ categories: ["Productivity"] }, "productivity")).toBe(5);
  });

  it("tags: phrase 2 + word 1", () => {
    expect(score({ tags: ["wiki"] }, "wiki")).toBe(3);
  });

  // Two-word query hitting one word only: the word weight alone, with no phrase.
  it.each<[string, Partial<SearchableTool>, number]>([
    ["name", { name: "Notion" }, 3],
    ["tagline", { tagline: "Notion" }, 2],
    ["description", { description: "Notion" }, 1],
    ["categories", { categories: ["Notion"] }, 2],
    ["tags", { tags: ["notion"] }, 1],
  ])("%s: word weight alone when the phrase is missing", (_field, fields, expected) => {
    expect(score(fields, "notion zzz")).toBe(expected);
  });

  it("sums the fields", () => {
    const all = tool({
      name: "Notion",
      tagline: "Notion",
      description: "Notion",
      categories: ["Notion"],
      tags: ["notion"],
    });
    expect(scoreTool(all, "notion")).toBe(8 + 5 + 3 + 5 + 3);
  });
});

describe("scoreTool: phrase and words together", () => {
  it("scores the phrase and each word for a multi-word query", () => {
    expect(score({ name: "Project Management Hub" }, "project management")).toBe(5 + 3 + 3);
  });

  it("scores words without the phrase when they are apart or out of order", () => {
    expect(score({ name: "Management of Projects" }, "project management")).toBe(3 + 3);
    expect(score({ name: "Management Project" }, "project management")).toBe(3 + 3);
  });

  it("scores only the words a field contains", () => {
    expect(score({ tagline: "Project planning" }, "project management")).toBe(2);
  });

  it("counts a word once per field however often the field repeats it", () => {
    expect(score({ name: "Notion Notion Notion" }, "notion")).toBe(8);
    expect(score({ description: "ai ai ai ai" }, "ai")).toBe(3);
  });

  it("counts a repeated query word once", () => {
    // The words of "ai ai" are those of "ai"; only the phrase differs, being the whole query.
    expect(queryWords(normalizeQuery("ai ai"))).toEqual(queryWords(normalizeQuery("ai")));
    expect(score({ name: "AI Writer" }, "ai ai")).toBe(3); // the word once, not 3 + 3; no phrase
    expect(score({ name: "AI AI Writer" }, "ai ai")).toBe(score({ name: "AI AI Writer" }, "ai"));
    expect(score({ name: "AI AI Writer" }, "ai ai")).toBe(5 + 3);
  });

  it("matches the phrase against the normalised query, spaces included", () => {
    // "ai  writer" normalises to "ai writer", which the name contains.
    expect(score({ name: "AI Writer" }, "ai  writer")).toBe(5 + 3 + 3);
  });

  it("does not normalise whitespace inside the fields", () => {
    expect(score({ name: "Project  Management" }, "project management")).toBe(3 + 3);
    expect(score({ name: "Project\tManagement" }, "project management")).toBe(3 + 3);
  });
});

describe("scoreTool: list fields", () => {
  it("scores the phrase once if any item contains the whole query", () => {
    expect(score({ categories: ["Design", "Project Management"] }, "project management")).toBe(3 + 2 + 2);
  });

  it("scores the phrase once even when several items contain it", () => {
    expect(score({ tags: ["note-taking", "notes"] }, "note")).toBe(2 + 1);
  });

  it("does not score the phrase when its words sit in different items", () => {
    expect(score({ tags: ["project", "management"] }, "project management")).toBe(1 + 1);
    expect(score({ categories: ["Project Tools", "Management"] }, "project management")).toBe(2 + 2);
  });

  it("scores a word once if some item contains it, not once per item", () => {
    expect(score({ tags: ["ai-writing", "ai-images", "ai"] }, "ai writing")).toBe(1 + 1);
    expect(score({ categories: ["Marketing", "Marketing Tools"] }, "marketing seo")).toBe(2);
  });

  it("scores nothing for empty lists", () => {
    expect(score({ categories: [], tags: [] }, "ai")).toBe(0);
  });

  it("matches category display names", () => {
    expect(score({ categories: ["AI & Machine Learning"] }, "machine learning")).toBe(3 + 2 + 2);
  });
});

describe("scoreTool: containment", () => {
  it("ignores case in both the query and the fields", () => {
    expect(scoreTool(tool({ name: "NOTION" }), "notion")).toBe(8);
    expect(scoreTool(tool({ name: "notion" }), "NoTiOn")).toBe(8);
    expect(score({ tags: ["LLM"] }, "llm")).toBe(3);
  });

  it("matches where a word starts (a prefix of a word), not inside one (docs/design.md#rule-13)", () => {
    expect(score({ name: "Notes" }, "note")).toBe(8);
    expect(score({ name: "Designers" }, "design")).toBe(8);
    expect(score({ description: "Unnoticed" }, "notice")).toBe(0);
    expect(score({ tags: ["note-taking"] }, "king")).toBe(0);
    expect(score({ tags: ["note-taking"] }, "taking")).toBe(3);
    // "AI tools": "ai" is in "AI", "AI-powered" and "aider", not in "mail" or "Mailchimp".
    for (const name of ["AI", "AI-powered", "Aider", "(ai) helper", "use.ai"])
      expect(score({ name }, "ai"), name).toBe(8);
    for (const name of ["Mail", "Mailchimp", "Proton Mail", "brain"]) expect(score({ name }, "ai"), name).toBe(0);
    // The whole query counts where it starts a word too.
    expect(score({ tagline: "Best AI tools around" }, "ai tools")).toBe(3 + 2 + 2);
    expect(score({ tagline: "Email tools" }, "ai tools")).toBe(2);
  });

  it("lets a query that begins with punctuation match anywhere", () => {
    expect(score({ name: "ASP.NET" }, ".net")).toBe(8);
    expect(score({ name: "Node.js" }, "js")).toBe(8);
    expect(score({ name: "Nodejs" }, "js")).toBe(0);
  });

  it("treats punctuation literally", () => {
    expect(score({ name: "C++ Builder" }, "c++")).toBe(8);
    expect(score({ name: "C Builder" }, "c++")).toBe(0);
  });

  it("scores 0 when nothing matches", () => {
    const notion = {
      name: "Notion",
      tagline: "Docs",
      description: "Wiki",
      categories: ["Productivity"],
      tags: ["wiki"],
    };
    expect(score(notion, "figma")).toBe(0);
  });
});

describe("scoreTool: normalisation", () => {
  const notion = tool({ name: "Notion" });

  it("scores a query with tabs, newlines, extra and surrounding spaces like its normal form", () => {
    const pm = tool({ name: "Project Management Hub" });
    const raws = ["project\tmanagement", "project\nmanagement", "project   management", "  Project Management \n"];
    for (const raw of raws) {
      expect(scoreTool(pm, normalizeQuery(raw))).toBe(11);
      expect(scoreTool(pm, raw)).toBe(11);
    }
  });

  it("scores empty and whitespace-only queries 0", () => {
    // Every field has spaces, which a whitespace-only query must not match.
    const spaced = tool({
      name: "Project Management",
      tagline: "a b",
      description: "x\ty",
      categories: ["A B"],
      tags: ["a b"],
    });
    for (const raw of ["", " ", "   ", "\t", "\n", " \t\r\n "]) {
      expect(scoreTool(spaced, normalizeQuery(raw))).toBe(0);
      expect(scoreTool(spaced, raw)).toBe(0);
    }
    expect(scoreTool(notion, "")).toBe(0);
  });
});

describe("compareRanked", () => {
  const base: RankedTool = { score: 5, featured: false, featuredPriceCents: 0, createdAt: 1000, id: "m" };
  const ranked = (fields: Partial<RankedTool>): RankedTool => ({ ...base, ...fields });
  const order = (...tools: RankedTool[]) => [...tools].sort(compareRanked).map((t) => t.id);

  it("puts the higher score first, whatever else", () => {
    const high = ranked({ id: "high", score: 8 });
    const featured = ranked({ id: "featured", score: 7, featured: true, featuredPriceCents: 500_000, createdAt: 9999 });
    expect(order(featured, high)).toEqual(["high", "featured"]);
  });

  it("puts featured before non-featured on equal scores", () => {
    const plain = ranked({ id: "a", createdAt: 9999 });
    const featured = ranked({ id: "z", featured: true, featuredPriceCents: 1900, createdAt: 1 });
    expect(order(plain, featured)).toEqual(["z", "a"]);
  });

  it("puts the higher featured price first on equal scores and featuring", () => {
    const cheap = ranked({ id: "a", featured: true, featuredPriceCents: 1900, createdAt: 9999 });
    const dear = ranked({ id: "z", featured: true, featuredPriceCents: 10_000, createdAt: 1 });
    expect(order(cheap, dear)).toEqual(["z", "a"]);
  });

  it("puts the newer first when score, featuring and price tie", () => {
    const older = ranked({ id: "a", createdAt: 1000 });
    const newer = ranked({ id: "z", createdAt: 2000 });
    expect(order(older, newer)).toEqual(["z", "a"]);
  });

  it("falls back to id ascending, comparing code units", () => {
    expect(order(ranked({ id: "b" }), ranked({ id: "a" }), ranked({ id: "B" }))).toEqual(["B", "a", "b"]);
  });

  it("is 0 only for identical keys", () => {
    expect(compareRanked(ranked({}), ranked({}))).toBe(0);
    expect(compareRanked(ranked({ id: "a" }), ranked({ id: "b" }))).toBeLessThan(0);
    expect(compareRanked(ranked({ id: "b" }), ranked({ id: "a" }))).toBeGreaterThan(0);
  });

  it("gives the same order whatever the input order", () => {
    const tools = [
      ranked({ id: "1", score: 3 }),
      ranked({ id: "2", score: 8, featured: true, featuredPriceCents: 1900 }),
      ranked({ id: "3", score: 8, featured: true, featuredPriceCents: 5000 }),
      ranked({ id: "4", score: 8 }),
      ranked({ id: "5", score: 8, createdAt: 2000 }),
      ranked({ id: "6", score: 8, createdAt: 2000 }),
    ];
    const expected = ["3", "2", "5", "6", "4", "1"];
    expect(order(...tools)).toEqual(expected);
    expect(order(...tools.reverse())).toEqual(expected);
  });
});

describe("trackableTerm", () => {
  it("is null below 2 characters after trimming", () => {
    expect(trackableTerm("")).toBeNull();
    expect(trackableTerm("   ")).toBeNull();
    expect(trackableTerm("a")).toBeNull();
    expect(trackableTerm(" a ")).toBeNull();
    expect(trackableTerm("\tA\n")).toBeNull();
  });

  it("is the normalised query from 2 characters", () => {
    expect(trackableTerm("ab")).toBe("ab");
    expect(trackableTerm(" AB ")).toBe("ab");
    expect(trackableTerm("a b")).toBe("a b");
    expect(trackableTerm("  Project \t Management ")).toBe("project management");
  });
});

describe("editDistance", () => {
  it("is 0 for identical strings", () => {
    expect(editDistance("notion", "notion", 2)).toBe(0);
    expect(editDistance("", "", 0)).toBe(0);
  });

  it("counts a substitution as 1", () => {
    expect(editDistance("notion", "motion", 2)).toBe(1);
  });

  it("counts an insertion as 1", () => {
    expect(editDistance("notion", "notions", 2)).toBe(1);
    expect(editDistance("", "a", 2)).toBe(1);
  });

  it("counts a deletion as 1", () => {
    expect(editDistance("notions", "notion", 2)).toBe(1);
    expect(editDistance("figma", "fgma", 2)).toBe(1);
  });

  it("counts a transposition of adjacent letters as 1", () => {
    expect(editDistance("notoin", "notion", 2)).toBe(1);
    expect(editDistance("ab", "ba", 1)).toBe(1);
  });

  it("sums separate edits", () => {
    expect(editDistance("kitten", "sitting", 5)).toBe(3);
    expect(editDistance("notoin", "motion", 5)).toBe(2);
  });

  it("is optimal string alignment: a swapped pair is not edited again", () => {
    // Unrestricted Damerau-Levenshtein would give 2 here.
    expect(editDistance("ca", "abc", 5)).toBe(3);
  });

  it("returns max + 1 once the distance exceeds max", () => {
    expect(editDistance("kitten", "sitting", 2)).toBe(3);
    expect(editDistance("kitten", "sitting", 1)).toBe(2);
    expect(editDistance("notion", "figma", 2)).toBe(3);
    expect(editDistance("abcdef", "uvwxyz", 0)).toBe(1);
  });

  it("exits early on a length gap beyond max", () => {
    expect(editDistance("a", "abcdefgh", 2)).toBe(3);
    expect(editDistance("abcdefgh", "", 1)).toBe(2);
  });

  it("returns the exact distance when it equals max", () => {
    expect(editDistance("kitten", "sitting", 3)).toBe(3);
  });

  it("is symmetric", () => {
    expect(editDistance("notion", "notoin", 2)).toBe(editDistance("notoin", "notion", 2));
    expect(editDistance("abc", "abdce", 5)).toBe(editDistance("abdce", "abc", 5));
  });

  it("counts a letter outside the BMP as one character", () => {
    expect(editDistance("a😀b", "ab", 2)).toBe(1);
  });
});

describe("suggestCorrection", () => {
  it("corrects a transposed word", () => {
    expect(suggestCorrection("notoin", ["notion", "motion"])).toBe("notion");
  });

  it("is null for a query whose words are all in the vocabulary", () => {
    expect(suggestCorrection("notion", ["notion", "motion"])).toBeNull();
    expect(suggestCorrection("project management", ["management", "project"])).toBeNull();
  });

  it("is null when no vocabulary word is close enough", () => {
    expect(suggestCorrection("figma", ["notion", "motion"])).toBeNull();
    expect(suggestCorrection("notoin", [])).toBeNull();
  });

  it("is null for the empty query", () => {
    expect(suggestCorrection("", ["notion"])).toBeNull();
  });

  it("leaves words under 4 letters untouched", () => {
    expect(suggestCorrection("aj", ["ai"])).toBeNull();
    expect(suggestCorrection("seo", ["sei"])).toBeNull();
    expect(suggestCorrection("seo notoin", ["sei", "notion"])).toBe("seo notion");
  });

  it("allows 1 edit for words of 4 and 5 letters", () => {
    expect(suggestCorrection("figna", ["figma"])).toBe("figma");
    expect(suggestCorrection("wkii", ["wiki"])).toBe("wiki");
    // Both 2 edits from "figma": too many for 4 and 5 letters.
    expect(suggestCorrection("fgna", ["figma"])).toBeNull();
    expect(suggestCorrection("fugna", ["figma"])).toBeNull();
  });

  it("allows 2 edits for words of 6 letters or more", () => {
    expect(suggestCorrection("nitoin", ["notion"])).toBe("notion"); // a substitution and a swap
    expect(suggestCorrection("nottoin", ["notion"])).toBe("notion"); // a deletion and a swap
    expect(suggestCorrection("nitoim", ["notion"])).toBeNull(); // 3 edits
  });

  it("corrects one word of a multi-word query in place", () => {
    expect(suggestCorrection("project managment tool", ["project", "management", "tool"])).toBe(
      "project management tool",
    );
  });

  it("corrects several words and repeats", () => {
    expect(suggestCorrection("notoin figna notoin", ["notion", "figma"])).toBe("notion figma notion");
  });

  it("prefers the closer word over an earlier one", () => {
    // "notionz" is 2 edits from "motion" and 1 from "notion".
    expect(suggestCorrection("notionz", ["motion", "notion"])).toBe("notion");
  });

  it("prefers the earlier vocabulary word among equally close ones", () => {
    // "potion" is 1 edit from both; callers list the vocabulary by popularity.
    expect(suggestCorrection("potion", ["motion", "notion"])).toBe("motion");
    expect(suggestCorrection("potion", ["notion", "motion"])).toBe("notion");
  });

  it("reads the vocabulary from any iterable, once", () => {
    function* words() {
      yield "notion";
      yield "figma";
    }
    expect(suggestCorrection("notoin figna", words())).toBe("notion figma");
    expect(suggestCorrection("notoin", new Set(["notion"]))).toBe("notion");
  });

  it("normalises the query it is given", () => {
    expect(suggestCorrection("  Notoin \t Figna ", ["notion", "figma"])).toBe("notion figma");
  });
});
