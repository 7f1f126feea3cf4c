// A single-pass scanner from strict JSON to the node tree: the same tree jsonc-parser's path builds,
// several times faster on large files. Anything outside strict JSON (comments, trailing commas,
// any error) returns undefined, and the caller takes the jsonc-parser path, which reports problems.
import type { Node, ObjectNode, ArrayNode, Parent, SyntaxProblem } from './ast';
import { propertyNode } from './ast';

class Bail extends Error {}
const BAIL = new Bail();

export function fastParseJson(
  text: string,
  maxDepth: number,
): { root: Node | undefined; problems: SyntaxProblem[] } | undefined {
  let i = 0;
  const n = text.length;
  const ws = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
  };
  const string = (parent: Parent): Node & { type: 'string' } => {
    const start = i;
    i++; // opening quote
    let escaped = false;
    while (true) {
      if (i >= n) throw BAIL;
      const c = text.charCodeAt(i);
      if (c === 34) break;
      if (c === 92) {
        escaped = true;
        i += 2;
        continue;
      }
      if (c < 32) throw BAIL;
      i++;
    }
    i++; // closing quote
    let value: string;
    if (escaped) {
      try {
        value = JSON.parse(text.slice(start, i)) as string;
      } catch {
        throw BAIL;
      }
    } else value = text.slice(start + 1, i - 1);
    return { type: 'string', value, quoted: true, offset: start, length: i - start, parent };
  };
  const value = (parent: Parent, depth: number): Node => {
    ws();
    if (i >= n) throw BAIL;
    const c = text.charCodeAt(i);
    const start = i;
    if (c === 123 /* { */) {
      if (depth > maxDepth) throw BAIL;
      const obj: ObjectNode = { type: 'object', offset: start, length: 0, parent, properties: [], flow: true };
      i++;
      ws();
      if (text.charCodeAt(i) === 125) {
        i++;
      } else {
        while (true) {
          ws();
          if (text.charCodeAt(i) !== 34) throw BAIL;
          const start = i;
          const prop = propertyNode(obj, string(undefined), start, 0);
          ws();
          if (text.charCodeAt(i) !== 58) throw BAIL;
          prop.colonOffset = i;
          i++;
          prop.value = value(prop, depth + 1);
          prop.length = prop.value.offset + prop.value.length - prop.offset;
          obj.properties.push(prop);
          ws();
          const d = text.charCodeAt(i);
          i++;
          if (d === 44) continue;
          if (d === 125) break;
          throw BAIL;
        }
      }
      obj.length = i - start;
      return obj;
    }
    if (c === 91 /* [ */) {
      if (depth > maxDepth) throw BAIL;
      const arr: ArrayNode = { type: 'array', offset: start, length: 0, parent, items: [], flow: true };
      i++;
      ws();
      if (text.charCodeAt(i) === 93) {
        i++;
      } else {
        while (true) {
          arr.items.push(value(arr, depth + 1));
          ws();
          const d = text.charCodeAt(i);
          i++;
          if (d === 44) continue;
          if (d === 93) break;
          throw BAIL;
        }
      }
      arr.length = i - start;
      return arr;
    }
    if (c === 34) return string(parent);
    if (c === 116 && text.startsWith('true', i)) {
      i += 4;
      return { type: 'boolean', value: true, offset: start, length: 4, parent };
    }
    if (c === 102 && text.startsWith('false', i)) {
      i += 5;
      return { type: 'boolean', value: false, offset: start, length: 5, parent };
    }
    if (c === 110 && text.startsWith('null', i)) {
      i += 4;
      return { type: 'null', offset: start, length: 4, parent };
    }
    if (c === 45 || (c >= 48 && c <= 57)) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if ((d >= 48 && d <= 57) || d === 46 || d === 101 || d === 69 || d === 43 || d === 45) i++;
        else break;
      }
      const tok = text.slice(start, i);
      if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(tok)) throw BAIL;
      return { type: 'number', value: Number(tok), offset: start, length: i - start, parent };
    }
    throw BAIL;
  };
  try {
    ws();
    if (i >= n) return undefined;
    const root = value(undefined, 0);
    ws();
    if (i !== n) return undefined;
    return { root, problems: [] };
  } catch (e) {
    if (e === BAIL || e instanceof RangeError) return undefined;
    throw e;
  }
}
