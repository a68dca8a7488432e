// The MCP tools the site offers assistants at /mcp: names, titles and what each does, written for a
// model choosing among them. The server registers them (server/mcp) with the schemas of
// core/mcp-schemas.ts; the /developers page lists them from here. Kept free of Zod, so that page
// ships none of it.

/** The path of the MCP endpoint on the site. */
export const MCP_PATH = "/mcp";

/** What every answer says of featured tools, so no assistant passes a paid placement off as a recommendation. */
export const SPONSORED_NOTE =
  "Featured tools are paid placements: each is marked sponsored: true (and isFeatured: true). Say so when you mention one.";

export interface McpToolDefinition {
  name: string;
  title: string;
  description: string;
}

export const MCP_TOOLS = {
  searchTools: {
    name: "search_tools",
    title: "Search tools",
    description:
      "Full-text search of the public directory of software, AI and web tools, with the site's own search and scoring. " +
      "Returns one page of up to 20 tool summaries (name, tagline, website, page URL, categories, pricing model, likes), " +
      "best match first, each with its score, the total number of matches and, when nothing matched, a suggested spelling. " +
      "Use it when the user describes what they need in words (e.g. 'markdown note taking', 'invoice generator'). " +
      SPONSORED_NOTE,
  },
  getTool: {
    name: "get_tool",
    title: "Get a tool",
    description:
      "Everything public about one tool, by its slug (as in its page URL /tool/{slug}) or its id: description, " +
      "features, use cases, integrations, target audience, platforms, pricing model and details, tags, categories, " +
      "likes, website, logo and screenshot URLs, and its page on this site. Use it after a search or a list, to answer " +
      "detailed questions about one tool. " +
      SPONSORED_NOTE,
  },
  listCategories: {
    name: "list_categories",
    title: "List categories",
    description:
      "The directory's categories, each with its slug, name and number of public tools. Use it to learn the category " +
      "slugs that browse_tools takes, or to give an overview of what the directory covers.",
  },
  browseTools: {
    name: "browse_tools",
    title: "Browse tools",
    description:
      "One page of public tools, of one category or all, narrowed by pricing model and platform, in a chosen order " +
      "(newest first unless told; sort trending gives what people like and look at this week first). Returns tool " +
      "summaries with the total, the number of pages, and how many tools each pricing and platform option would " +
      "give. Use it to list tools of a kind rather than to search for words. " +
      SPONSORED_NOTE,
  },
  findAlternatives: {
    name: "find_alternatives",
    title: "Find alternatives",
    description:
      "The public tools most like a given one (by slug or id): those sharing the most categories and tags, then the " +
      "most liked. Returns one page of 24 tool summaries, each with what it shares with the tool (categories, tags, " +
      "platforms, pricing model). Use it when the user wants something like a tool they know, or instead of it. " +
      SPONSORED_NOTE,
  },
  compareTools: {
    name: "compare_tools",
    title: "Compare tools",
    description:
      "Two or three public tools side by side, each named by slug, id or name: every public field of each (as " +
      "get_tool gives it), and the URL of the site's comparison page. Use it when the user weighs tools against each " +
      "other. " +
      SPONSORED_NOTE,
  },
  listCollections: {
    name: "list_collections",
    title: "List collections",
    description:
      "The directory's published collections: lists of tools the site's editors chose by hand for a purpose (e.g. " +
      "'start here', 'open-source note taking'), each with its slug, title, introduction, number of public tools and " +
      "page URL. Use it when the user wants a curated starting point rather than search results.",
  },
  getCollection: {
    name: "get_collection",
    title: "Get a collection",
    description:
      "One published collection by its slug (list_collections gives them): its title and introduction, and its public " +
      "tools in the editors' order, each as a tool summary with the editors' note on why it is listed. " +
      SPONSORED_NOTE,
  },
} as const satisfies Record<string, McpToolDefinition>;

/** The tools in the order they are listed. */
export const MCP_TOOL_LIST: readonly McpToolDefinition[] = Object.values(MCP_TOOLS);
