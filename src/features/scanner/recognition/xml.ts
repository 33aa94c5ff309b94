// word/document.xml as a tree, read by a real XML parser (saxes, which exceljs already uses): entities,
// CDATA, comments, processing instructions and attribute quoting are the parser's business, not
// regular expressions'. Not namespace-aware: names keep their prefix (`w:tbl`), as WordprocessingML
// always writes them. Malformed XML (or a DOCTYPE declaring entities) is a corrupt file.
import { SaxesParser } from 'saxes';

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: (XmlNode | string)[];
}

/** The document's tree under a '#root' node; throws the parser's error on malformed XML. */
export function parseXml(xml: string): XmlNode {
  const root: XmlNode = { name: '#root', attrs: {}, children: [] };
  const stack: XmlNode[] = [root];
  const parser = new SaxesParser();
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('opentag', (tag) => {
    const node: XmlNode = {
      name: tag.name,
      attrs: tag.attributes as Record<string, string>,
      children: [],
    };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  // Text outside the root element is only whitespace; inside it, it belongs to the open element.
  parser.on('text', (text) => {
    if (stack.length > 1) stack[stack.length - 1]!.children.push(text);
  });
  parser.on('cdata', (text) => {
    stack[stack.length - 1]!.children.push(text);
  });
  parser.write(xml).close();
  return root;
}

export function kids(n: XmlNode, name: string): XmlNode[] {
  return n.children.filter((c): c is XmlNode => typeof c !== 'string' && c.name === name);
}

export function kid(n: XmlNode, name: string): XmlNode | undefined {
  return kids(n, name)[0];
}
