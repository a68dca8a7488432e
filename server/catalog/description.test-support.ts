// What the description tests need to see sanitised HTML the way a browser does: parse5 follows
// the HTML standard's tree construction, so the tree it builds is the one the page will have.
import { defaultTreeAdapter, html, parse, parseFragment, type DefaultTreeAdapterTypes } from "parse5";

type Parse5Node = DefaultTreeAdapterTypes.ChildNode;
type Parse5Element = DefaultTreeAdapterTypes.Element;

/** An element or a run of text, compared by value. */
export type Tree = string | { tag: string; attrs: Record<string, string>; children: Tree[] };

/** The tree a browser builds from the HTML set as the innerHTML of a <div>. */
export function browserTree(markup: string): Tree[] {
  const container = defaultTreeAdapter.createElement("div", html.NS.HTML, []);
  return fromParse5(parseFragment(container, markup, {}).childNodes);
}

function fromParse5(nodes: Parse5Node[]): Tree[] {
  const out: Tree[] = [];
  for (const node of nodes) {
    if (defaultTreeAdapter.isTextNode(node)) pushText(out, node.value);
    else if (defaultTreeAdapter.isElementNode(node)) {
      // Anything outside the HTML namespace would be <svg>/<math> content: keep the difference visible.
      const tag = node.namespaceURI === html.NS.HTML ? node.tagName : `${node.namespaceURI}:${node.tagName}`;
      const attrs = Object.fromEntries(node.attrs.map((a) => [a.name, a.value]));
      out.push({ tag, attrs, children: fromParse5(node.childNodes) });
    } else if (defaultTreeAdapter.isCommentNode(node)) {
      out.push({ tag: "#comment", attrs: {}, children: [node.data] });
    }
  }
  return out;
}

function pushText(out: Tree[], text: string): void {
  const last = out.length - 1;
  if (typeof out[last] === "string") out[last] += text;
  else if (text !== "") out.push(text);
}

const TEXT_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/**
 * The tree the markup spells out if read as written: every tag closes the last one opened, <br />
 * is the only empty element, and the only entities are the five the sanitiser writes. Throws on
 * anything else, so a successful read equal to browserTree() means the markup is well formed and
 * a browser builds exactly what it says: no tag implied, moved, reopened or left open.
 */
export function literalTree(markup: string): Tree[] {
  const root: Tree[] = [];
  const open: { tag: string; children: Tree[] }[] = [];
  const children = () => open.at(-1)?.children ?? root;
  const token = /<(\/?)([a-z][a-z0-9]*)((?: [a-z]+="[^"<>]*")*)( \/)?>|[^<]+/gy;
  let pos = 0;
  while (pos < markup.length) {
    token.lastIndex = pos;
    const match = token.exec(markup);
    if (match === null) throw new Error(`not markup the sanitiser writes at ${pos}: ${markup.slice(pos, pos + 40)}`);
    pos = token.lastIndex;
    const [whole, closing, tag, attributes, selfClosing] = match;
    if (tag === undefined) {
      // A parser drops a newline that comes straight after <pre>.
      const parent = open.at(-1);
      const text =
        parent?.tag === "pre" && parent.children.length === 0 && whole.startsWith("\n") ? whole.slice(1) : whole;
      pushText(children(), decode(text));
    } else if (closing) {
      if (open.at(-1)?.tag !== tag) throw new Error(`</${tag}> closes <${open.at(-1)?.tag ?? "nothing"}> at ${pos}`);
      open.pop();
    } else {
      const pairs = [...(attributes ?? "").matchAll(/ ([a-z]+)="([^"]*)"/g)];
      const attrs = Object.fromEntries(pairs.map((m) => [m[1], decode(m[2] ?? "")]));
      const element = { tag, attrs, children: [] as Tree[] };
      children().push(element);
      if ((tag === "br") !== (selfClosing !== undefined)) throw new Error(`<${tag}${selfClosing ?? ""}> at ${pos}`);
      if (tag !== "br") open.push(element);
    }
  }
  if (open.length > 0) throw new Error(`left open: ${open.map((e) => e.tag).join(" > ")}`);
  return root;
}

function decode(text: string): string {
  return text.replace(/&([a-z0-9#]*);?/gi, (entity, name: string) => {
    const value = TEXT_ENTITIES[name];
    if (value === undefined || !entity.endsWith(";")) throw new Error(`unexpected entity ${entity}`);
    return value;
  });
}

/**
 * Where the description sits in a page: its HTML inside a container, followed by the page's next
 * heading. Returns why the page's structure is broken, or null if the description stays inside
 * its container and the heading after it is untouched.
 */
export function escapesContainer(markup: string): string | null {
  const page = `<!DOCTYPE html><html><head></head><body><div id="desc">${markup}</div><h2 id="after">After</h2></body></html>`;
  const doc = parse(page);
  const body = findElement(doc.childNodes, (e) => e.tagName === "body");
  if (body === undefined) return "no body";
  const top = body.childNodes.filter(defaultTreeAdapter.isElementNode);
  const stray = body.childNodes.filter((n) => !defaultTreeAdapter.isElementNode(n));
  if (top.length !== 2 || stray.length > 0) return `body holds ${body.childNodes.map((n) => n.nodeName).join(", ")}`;
  const [desc, after] = top;
  if (idOf(desc) !== "desc") return `first in body: <${desc?.tagName}>`;
  if (idOf(after) !== "after" || after?.tagName !== "h2")
    return `second in body: <${after?.tagName} id=${idOf(after)}>`;
  const afterText = after.childNodes.map((n) => (defaultTreeAdapter.isTextNode(n) ? n.value : n.nodeName)).join("|");
  if (afterText !== "After") return `the heading after holds ${afterText}`;
  return null;
}

function idOf(element: Parse5Element | undefined): string | undefined {
  return element?.attrs.find((a) => a.name === "id")?.value;
}

function findElement(nodes: Parse5Node[], test: (e: Parse5Element) => boolean): Parse5Element | undefined {
  for (const node of nodes) {
    if (!defaultTreeAdapter.isElementNode(node)) continue;
    if (test(node)) return node;
    const inner = findElement(node.childNodes, test);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** Every element of the trees, depth first. */
export function* elements(trees: Tree[]): Generator<Exclude<Tree, string>> {
  for (const tree of trees) {
    if (typeof tree === "string") continue;
    yield tree;
    yield* elements(tree.children);
  }
}

/** The text a tree shows. */
export function textOf(trees: Tree[]): string {
  return trees.map((t) => (typeof t === "string" ? t : textOf(t.children))).join("");
}
