// Comments the formatter moved although the shape around them was kept (the last session's noticed
// list): a comment on an explicit key's `:` line (`: # c`, the value below it) went on its own line
// below the `:`; a comment after the inner dash of `- - # note` went to the outer dash, one level up
// at each formatting (not idempotent from three levels on); a `- # note` whose comment lines below
// hold a blank line went above the dash. Each input is indented by 4 so that formatting has something
// to do; the expected text is the same indented by 2, once and for all, in LF and CRLF, and the CLI's
// `format` gives the editor's text byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { applyEdits, formatDocumentOutcome } from '../../server/src/service';
import { formatText } from '../../server/src/cli/format';
import { comments, data } from './formatCases';

const fmt = (text: string): string => {
  const o = formatDocumentOutcome(parse(text, 'yaml'), { tabSize: 2, insertSpaces: true });
  assert.equal(o.refused, undefined, `refused: ${o.refused ?? ''}\n${text}`);
  return applyEdits(text, o.edits);
};
const lines = (...l: string[]): string => `${l.join('\n')}\n`;

function formatsTo(text: string, expected: string): void {
  const once = fmt(text);
  assert.equal(once, expected);
  assert.equal(fmt(once), once, 'a second formatting changes the text');
  assert.equal(data(once), data(text), 'the data changed');
  assert.deepEqual(comments(once), comments(text), 'the comments changed');
  const crlf = (t: string): string => t.replace(/\n/g, '\r\n');
  assert.equal(fmt(crlf(text)), crlf(expected), 'CRLF');
  for (const t of [text, crlf(text)]) {
    const cli = formatText(t, 'yaml', 2);
    assert.ok('text' in cli, JSON.stringify(cli));
    assert.equal(cli.text, fmt(t), 'the CLI formats as the editor does');
  }
}

test("a comment on an explicit key's `:` line stays there, whatever the value below it", () => {
  formatsTo(
    lines(
      'definition:',
      '    featureFlags:',
      '        ? scalar',
      '        : # on the value line',
      '            value',
      '        ? mapping # on the key line',
      '        :    # on the value line',
      '            a: 1',
      '        ? sequence',
      '        : # on the value line',
      '            # a comment line below it',
      '            - 1',
      '        ? block',
      '        : # on the value line',
      '            |',
      '                text',
      '        after: 2',
    ),
    lines(
      'definition:',
      '  featureFlags:',
      '    ? scalar',
      '    : # on the value line',
      '      value',
      '    ? mapping # on the key line',
      '    : # on the value line',
      '      a: 1',
      '    ? sequence',
      '    : # on the value line',
      '      # a comment line below it',
      '      - 1',
      '    ? block',
      '    : # on the value line',
      '      |',
      '        text',
      '    after: 2',
    ),
  );
});

test('comment lines written between an explicit key and its `:` stay before the `:`', () => {
  formatsTo(
    lines('map:', '    ? key # on the key line', '    # between', '    : # on the value line', '        - a'),
    lines('map:', '  ? key # on the key line', '  # between', '  : # on the value line', '    - a'),
  );
});

test('`- - # note`: the comment stays after the inner dash, at any depth, and formatting is idempotent', () => {
  formatsTo(
    lines(
      'list:',
      '    - - # an item of an item',
      '          deeper',
      '      - - - # three levels',
      '                k: v',
      '    - - &a # an anchored item',
      '          x',
      '    - *a',
    ),
    lines(
      'list:',
      '  - - # an item of an item',
      '      deeper',
      '    - - - # three levels',
      '          k: v',
      '  - - &a # an anchored item',
      '      x',
      '  - *a',
    ),
  );
});

test('`- # note` stays on the dash when the comment lines below it hold a blank line', () => {
  formatsTo(
    lines(
      'list:',
      '    - # note',
      '      # more',
      '',
      '      # and more',
      '      plain',
      '    - - # inner',
      '',
      '        x',
    ),
    lines('list:', '  - # note', '    # more', '', '    # and more', '    plain', '  - - # inner', '', '      x'),
  );
});
