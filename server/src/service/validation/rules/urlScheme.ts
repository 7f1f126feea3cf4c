// A service address (`baseUrl`, `endpoint`: the keys that are links, service/links.ts) that is not an
// http(s) URL: written without a scheme (`api.example.com/v1`, a common slip), or with another one
// (`file:///…`, `javascript:…`). The service calls it over HTTP(S): a warning (REVIEW8 K13j). The
// value is not quoted (a credential may have been pasted there); only its scheme is named.
import type { Rule } from '../rule';
import { diag } from '../../codes';
import { URL_KEYS } from '../../links';
import { keyInVariant } from '../../../model/variantAround';
import { holdsSnippetStop, isPlaceholderText } from './emptyRequired';

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]{0,31}):/;
/** Something that stands for an address: a variable or template reference, a placeholder. */
const REFERENCE = /^(?:\$|\{\{|%[A-Za-z_])/;

export const urlSchemeRule: Rule = {
  on: ['string'],
  start(ctx) {
    return {
      visit(v) {
        // Reached through an alias, the value is the anchor's: reported there once.
        if (v.via || v.node.type !== 'string' || !v.prop || !URL_KEYS.has(v.prop.key.value)) return;
        const t = v.node.value.trim();
        if (t === '' || /^https?:\/\//i.test(t) || REFERENCE.test(t) || isPlaceholderText(t) || holdsSnippetStop(t))
          return;
        const scheme = SCHEME.exec(t)?.[1];
        // (`localhost:8080/v1` reads as scheme `localhost`: a host and port without a scheme.)
        const hostPort = scheme !== undefined && /^[A-Za-z0-9.-]+:\d+(?:[/?#]|$)/.test(t);
        const what = keyInVariant(v.prop.key.value, v.node);
        ctx.report(
          diag(
            'url-scheme',
            scheme === undefined || hostPort
              ? `${what} has no scheme: the service calls it over HTTP(S), so write the address with 'https://' in front.`
              : `${what} is a '${scheme.slice(0, 32).toLowerCase()}:' address, not an http(s) URL: the service calls it over HTTP(S).`,
            v.node.offset,
            v.node.length,
          ),
        );
      },
    };
  },
};
