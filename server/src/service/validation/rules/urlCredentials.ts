// A URL value that carries a user name or password (`https://user:secret@host/v1`): a credential
// written in the file, which also travels in every request's address and shows up in logs and in
// a browser's history. Reported on the user information, whatever the field (`baseUrl`,
// `endpoint`, a custom value); the value itself is masked in frames and outlines.
import type { Rule } from '../rule';
import { diag } from '../../codes';

const USERINFO = /^\s*[A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/([^\s/?#@]{1,1024})@/;

export const urlCredentialsRule: Rule = {
  on: ['string'],
  start(ctx) {
    return {
      visit(v) {
        // Reached through an alias, the value is the anchor's: reported there once.
        if (v.via || v.node.type !== 'string' || !v.node.value.includes('@')) return;
        const m = USERINFO.exec(v.node.value);
        if (!m?.[1]) return;
        const what = v.prop ? `'${v.prop.key.value}'` : 'This URL';
        ctx.report(
          diag(
            'url-credentials',
            `${what} carries a ${m[1].includes(':') ? 'user name and password' : 'user name or token'} in the URL; put the credential in an EnvironmentValue (valueFromEnv) and leave the address without it.`,
            v.node.offset,
            v.node.length,
          ),
        );
      },
    };
  },
};
