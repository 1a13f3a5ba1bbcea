/**
 * An uploaded guide PDF made fit to hand to visitors
 * (docs/decisions/050-featured-lists-site-facts-and-guide-files.md): its pages
 * are copied into a new document, so the file's hidden details (the
 * document information such as Author, Creator and Producer, XMP metadata,
 * attachments, JavaScript, actions run on opening) are not carried over.
 *
 * Only what the pages reference is copied (pdf-lib's `copyPages`), and only
 * after each page has been reduced to what draws it (its contents,
 * resources, boxes and rotation) and links that go to a web address, an
 * e-mail address, a phone number or one of its own pages. Other annotations
 * (comments, form fields, attached files, media) are dropped; so are
 * bookmarks, which live in the catalog. In the copy, `/AA` (actions),
 * `/Metadata` (XMP, also on pages and images) and `/PieceInfo` (an
 * application's private data) are removed wherever they are, and any object
 * nothing refers to any more is removed before saving (pdf-lib writes every
 * object it holds). No dates are set, so the same upload gives the same bytes.
 */
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFContext,
  type PDFObject,
} from "pdf-lib";

const name = (key: string) => PDFName.of(key);

/** What a page keeps: what draws it (Parent stays until the copy, for the entries a page inherits). */
const pageKeys = new Set(
  [
    "Type",
    "Parent",
    "Resources",
    "MediaBox",
    "CropBox",
    "BleedBox",
    "TrimBox",
    "ArtBox",
    "Contents",
    "Rotate",
    "Group",
    "Annots",
    "UserUnit",
    "Tabs",
  ].map(name),
);

/** What a link keeps besides its target: where it is and how it looks. */
const linkKeys = ["Type", "Subtype", "Rect", "Border", "BS", "C", "H", "QuadPoints", "F", "Contents"].map(name);

/** Removed from every dictionary of the copy: actions, XMP metadata, an application's private data. */
const droppedKeys = ["AA", "Metadata", "PieceInfo"].map(name);

const linkAddress = /^(https?:\/\/|mailto:|tel:)/i;

const textOf = (value: PDFObject | undefined) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

/** The entry for `key` in a name tree (the catalog's /Names /Dests). */
function inNameTree(node: PDFObject | undefined, key: string, context: PDFContext, depth = 0): PDFObject | undefined {
  const dict = node instanceof PDFRef ? context.lookup(node) : node;
  if (!(dict instanceof PDFDict) || depth > 32) return undefined;
  const names = dict.lookup(name("Names"));
  if (names instanceof PDFArray) {
    for (let i = 0; i + 1 < names.size(); i += 2) if (textOf(names.lookup(i)) === key) return names.lookup(i + 1);
  }
  const kids = dict.lookup(name("Kids"));
  if (kids instanceof PDFArray) {
    for (let i = 0; i < kids.size(); i++) {
      const found = inNameTree(kids.get(i), key, context, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A link's destination in the uploaded file (explicit, or named in the
 * catalog) as an explicit one whose page is the page's index: a placeholder
 * set to the copied page once there is one, so the copy does not pull in
 * the other pages. Undefined if it goes nowhere in this file.
 */
function pageDestination(doc: PDFDocument, dest: PDFObject | undefined, pages: Map<PDFRef, number>) {
  const { context, catalog } = doc;
  let value = dest instanceof PDFRef ? context.lookup(dest) : dest;
  if (value instanceof PDFName) value = catalog.lookupMaybe(name("Dests"), PDFDict)?.lookup(value);
  else if (textOf(value) !== undefined) {
    const tree = catalog.lookupMaybe(name("Names"), PDFDict)?.get(name("Dests"));
    value = inNameTree(tree, textOf(value) ?? "", context);
  }
  if (value instanceof PDFDict) value = value.lookup(name("D"));
  if (!(value instanceof PDFArray) || value.size() === 0) return undefined;
  const first = value.get(0);
  const page = first instanceof PDFRef ? pages.get(first) : undefined;
  if (page === undefined) return undefined;
  const view: PDFObject[] = [];
  for (let i = 1; i < value.size(); i++) view.push(value.get(i));
  return context.obj([PDFNumber.of(page), ...view]);
}

/** A new link with only its look and a safe target, or null to drop the annotation. */
function safeLink(doc: PDFDocument, annot: PDFObject | undefined, pages: Map<PDFRef, number>): PDFDict | null {
  if (!(annot instanceof PDFDict) || annot.lookup(name("Subtype")) !== name("Link")) return null;
  const link = doc.context.obj({});
  for (const key of linkKeys) {
    const value = annot.get(key);
    if (value !== undefined) link.set(key, value);
  }
  const action = annot.lookup(name("A"));
  let dest = annot.get(name("Dest"));
  if (action instanceof PDFDict) {
    const kind = action.lookup(name("S"));
    if (kind === name("URI")) {
      const uri = action.lookup(name("URI"));
      if (!(uri instanceof PDFString || uri instanceof PDFHexString) || !linkAddress.test(uri.decodeText().trim())) {
        return null;
      }
      link.set(name("A"), doc.context.obj({ S: "URI", URI: uri }));
      return link;
    }
    if (kind !== name("GoTo")) return null; // JavaScript, Launch, SubmitForm, GoToE, GoToR, a chain…
    dest = action.get(name("D"));
  } else if (action !== undefined) return null;
  const target = pageDestination(doc, dest, pages);
  if (!target) return null;
  link.set(name("Dest"), target);
  return link;
}

/** Removes `droppedKeys` from every dictionary in `context`. */
function sweep(context: PDFContext) {
  const seen = new Set<PDFObject>();
  const visit = (object: PDFObject | undefined) => {
    if (!object || seen.has(object)) return;
    seen.add(object);
    const dict = object instanceof PDFStream ? object.dict : object;
    if (dict instanceof PDFDict) {
      for (const key of droppedKeys) dict.delete(key);
      for (const value of dict.values()) visit(value);
    } else if (dict instanceof PDFArray) {
      for (const value of dict.asArray()) visit(value);
    }
  };
  for (const [, object] of context.enumerateIndirectObjects()) visit(object);
}

/** Deletes the objects that nothing reachable from the trailer (Root, Info) refers to. */
function dropUnreferenced(context: PDFContext) {
  const reached = new Set<PDFRef>();
  const seen = new Set<PDFObject>();
  const visit = (object: PDFObject | undefined) => {
    if (!object || seen.has(object)) return;
    seen.add(object);
    if (object instanceof PDFRef) {
      reached.add(object);
      visit(context.lookup(object));
      return;
    }
    const dict = object instanceof PDFStream ? object.dict : object;
    if (dict instanceof PDFDict) for (const value of dict.values()) visit(value);
    else if (dict instanceof PDFArray) for (const value of dict.asArray()) visit(value);
  };
  visit(context.trailerInfo.Root);
  visit(context.trailerInfo.Info);
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref)) context.delete(ref);
}

/**
 * The pages of `bytes` (a PDF `checkGuidePdf` took) in a new PDF with no
 * hidden details; its only document information is `title`, if given.
 */
export async function cleanGuidePdf(
  bytes: Uint8Array,
  options: { title?: string } = {},
): Promise<{ bytes: Uint8Array; pages: number }> {
  const source = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
  const sourcePages = source.getPages();
  const index = new Map(sourcePages.map((page, i) => [page.ref, i]));
  for (const page of sourcePages) {
    const node = page.node;
    const annots = node.Annots();
    for (const key of node.keys()) if (!pageKeys.has(key) || key === name("Annots")) node.delete(key);
    const links: PDFRef[] = [];
    for (let i = 0; annots && i < annots.size(); i++) {
      const link = safeLink(source, annots.lookup(i), index);
      if (link) links.push(source.context.register(link));
    }
    if (links.length > 0) node.set(name("Annots"), source.context.obj(links));
  }

  const clean = await PDFDocument.create({ updateMetadata: false });
  const copies = await clean.copyPages(
    source,
    sourcePages.map((_, i) => i),
  );
  for (const page of copies) clean.addPage(page);
  for (const page of copies) {
    const annots = page.node.Annots();
    for (let i = 0; annots && i < annots.size(); i++) {
      const dest = annots.lookupMaybe(i, PDFDict)?.lookupMaybe(name("Dest"), PDFArray);
      const target = dest?.get(0);
      const copy = target instanceof PDFNumber ? copies[target.asNumber()] : undefined;
      if (dest && copy) dest.set(0, copy.ref);
    }
  }
  if (options.title) clean.setTitle(options.title);
  sweep(clean.context);
  dropUnreferenced(clean.context);
  const saved = await clean.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  return { bytes: saved, pages: clean.getPageCount() };
}
