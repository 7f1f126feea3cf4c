// The words of our own Test Connection texts (step titles, messages, advice, the CLI's and the
// editor's lines around a report), lower-cased, three letters or more. A credential made of words
// (a service-account token such as `sa.assistant-project-threads.Zk8…`, a pasted
// `ASSISTANT_PAT=pat_…`) shares them with our text; where such a word stands in a credential as a
// word of its own, it is as public as the credential's prefix (redact.ts, publicMask): our own
// sentences are not cut for it, and a service's reason that says "project" is not withheld for it.
// The list is fixed (it never depends on a credential), so showing one of its words tells nothing
// about a credential. test/connection/reportWords.test.ts checks that every word of those texts is
// here; add a word when a message gains one.
export const REPORT_WORDS: ReadonlySet<string> = new Set(
  `
  abort above absolute accepted access account add added address addresses administrator after again against
  agent agreed aiprimitivesllm alias all allow allowed alone already also altered although and announced
  another answer answered answering any api apikey application are argument around arrive ascii ask asks
  assistant assistantconfig auth authenticate authentication authority bad bare base baseurl bearer before
  behind belong belongs between beyond blocked body boolean break browser but bytes cached call called calls
  can cancelled cannot carries certificate certificates certs change character characters check claim cleared
  cli client clock code column command complete computer config configuration configured connect connection
  connections connecttimeoutms contact contain contains content control copy correct cors could covers create
  credential credentials ctrl cut data dataauthmode datasourceurl datatoken date dates default description
  desktop detail details diagnosis did different directly disabled dns document does doing download each eai
  earlier early econnrefused editor ehostunreach empty end ending endpoint ends enetunreach enotfound enter
  env environment environments eproto err error errors etimedout every execute executeprogramurl execution
  executor exit exp expected expired expires expiring expiry expnote extension extra fail failed fails far
  fault fetch field file final firewall first fix flag flags follow followed for forbidden format found
  freshly from front gateway gave get give goes had handshake has having header headers help hex hides
  history holds host hosted hostname hosts how http https httpstatus incomplete insecure installed instead
  intercepting intercepts internal interrupted into invalid ipv issued its json jwt key lacks large larger
  later leads length let lies like limit limited limits line lint list listens listing lists lives llmconfig
  localhost location login logs longer looks loop loopback malformed manual many match matching
  maxresponsebytes may mean meant message method milliseconds min minute missing mixed mode more most msg
  must name named necessarily need needed needs neterror network never new node noname not nothing now npx
  number object obtained often omit once one only opaqueredirect open operation operator option options
  organisation origin other out output over own page parse parser part partial parts pass passed passes
  password pasted pat path payload permission persists personal plain platform points policy port portal
  ports positive post present print printable printed prints probably problem problems process program
  project projectid proves provide provider proxy published query quotes raise ran rate reach reached read
  reading ready reason received redirect redirected redirects refresh refuse refused refuses rejected renew
  report request requests required requires resolve resolved result retry returned reused revoked rfc right
  role rule run running safely same say says scheme scoped scopes seconds secret secure select self send
  sending sends sent serve served server service set setting settings sha share shell short should show shown
  shows signed skip skipped something source space speak spelling sql ssl standard start started starts
  status stderr stdout step still stopped stops storage store stored stream string such syntax system tab
  taken takes talking test text than that the them then there this thread threads three time timeout
  timeoutms title tls together token tokencache tokenrefreshurl too tools trailing trimmed trust trusted
  trusting trusts try tunnel turns type unauthorized unavailable und under unexpected unknown unreachable
  untrusted url usable usage use used user uses usually utf uuid valid value variable verdict version view
  vpn vscode wait was way web were what when where whether which whole whose wins with without work workspace
  would wrapped wrong www yaml yet you your
  have common likely offers cipher suite old ones closed during inspects blocks
  within since stalls drips close asked continue decode encoding here interim marked mislabels response socket
  language reads restart see log failure late syntaxerror
  basic through kib further accept none authorization opened
  events event aborterror aborted econnreset
`
    .trim()
    .split(/\s+/),
);
