/* judgekit site search: a mirror of rules_index/normalize.py (search_key) and
 * rules_index/search.py (search_book, snippet). Keep them in step; tests/site runs the same
 * fixture queries through both and compares the results.
 *
 * Offsets are in code points, as in Python: texts are split with Array.from before slicing.
 * The index is window.JUDGEKIT_SEARCH, written by judgekit/site/search_index.py.
 */
(function () {
  "use strict";

  /* Python's str.isspace() (which \s matches in re): exactly these code points. */
  var SPACE_CLASS = "\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
  var SPACES = new RegExp("[" + SPACE_CLASS + "]+", "gu");
  var LEADING_SPACES = new RegExp("^[" + SPACE_CLASS + "]+", "u");
  var TRAILING_SPACES = new RegExp("[" + SPACE_CLASS + "]+$", "u");
  /* Python's str.isdigit() on NFKC text: decimal digits plus the digit-valued symbols NFKC keeps. */
  var DIGIT = /^[\p{Nd}\u{1369}-\u{1371}\u{19da}\u{24f5}-\u{24fd}\u{24ff}\u{2776}-\u{277e}\u{2780}-\u{2788}\u{278a}-\u{2792}\u{10a40}-\u{10a43}\u{10e60}-\u{10e68}\u{11052}-\u{1105a}]/u;

  var RANK_NAMES = ["exact_id", "id_prefix", "term", "title", "text"];
  var EXACT_ID = 0, ID_PREFIX = 1, TERM = 2, TITLE = 3, TEXT = 4;

  /* Katakana folded to hiragana (rules_index.normalize.fold_kana). */
  function foldKana(text) {
    var out = "";
    for (var i = 0; i < text.length; i++) {
      var code = text.charCodeAt(i);
      out += code >= 0x30a1 && code <= 0x30f6 ? String.fromCharCode(code - 0x60) : text.charAt(i);
    }
    return out;
  }

  /* rules_index.normalize.search_key: NFKC, lower case, whitespace removed, optional kana folding. */
  function searchKey(text, kana) {
    var key = text.normalize("NFKC").toLowerCase();
    key = key.replace(SPACES, "");
    if (kana) key = foldKana(key);
    return key;
  }

  /* search_key(text) and, for each UTF-16 unit of it, the code point offset in text it came from. */
  function mappedKey(text, kana) {
    var key = "";
    var origin = [];
    var chars = Array.from(text);
    for (var i = 0; i < chars.length; i++) {
      var part = searchKey(chars[i], kana);
      key += part;
      for (var j = 0; j < part.length; j++) origin.push(i);
    }
    return { key: key, origin: origin };
  }

  /* Code point offsets in text of every occurrence of each (normalised) term, merged. */
  function findSpans(text, terms, kana) {
    var mapped = mappedKey(text, kana);
    var key = mapped.key, origin = mapped.origin;
    var spans = [];
    terms.forEach(function (term) {
      if (!term) return;
      var start = key.indexOf(term);
      while (start !== -1) {
        var end = start + term.length;
        spans.push([origin[start], origin[end - 1] + 1]);
        start = key.indexOf(term, end);
      }
    });
    spans.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    var merged = [];
    spans.forEach(function (s) {
      var last = merged[merged.length - 1];
      if (last && s[0] <= last[1]) last[1] = Math.max(s[1], last[1]);
      else merged.push([s[0], s[1]]);
    });
    return merged;
  }

  function pyStrip(text) {
    return text.replace(LEADING_SPACES, "").replace(TRAILING_SPACES, "");
  }

  /* rules_index.search.query_terms: split on whitespace, normalise each part, drop empty ones. */
  function queryTerms(query, kana) {
    return pyStrip(query).split(SPACES).map(function (part) { return searchKey(part, kana); })
      .filter(function (key) { return key !== ""; });
  }

  function isDigit(ch) { return DIGIT.test(ch); }

  var ONE_SPACE = new RegExp("^[" + SPACE_CLASS + "]$", "u");
  function isSpace(ch) { return ONE_SPACE.test(ch); }

  /* rules_index.graph.normalise_rule_id */
  function normaliseRuleId(ruleId) {
    var text = pyStrip(ruleId.normalize("NFKC"));
    if (text.endsWith(".") && Array.from(text).some(isDigit)) text = text.slice(0, -1);
    return text;
  }

  function isIdLike(text) {
    return text !== "" && isDigit(String.fromCodePoint(text.codePointAt(0)));
  }

  function cpLength(text) { return Array.from(text).length; }

  function allIn(terms, haystack) {
    return terms.every(function (t) { return haystack.indexOf(t) !== -1; });
  }

  /* One rule against the query (rules_index.search._match); null when it does not match. */
  function match(rule, terms, wantedId, defines, kana) {
    var id = rule[1], title = rule[2], text = rule[3], examples = rule[4];
    if (id === wantedId) return { rank: EXACT_ID, field: "id", spans: [[0, cpLength(id)]] };
    if (terms.length === 1 && isIdLike(wantedId) && id.startsWith(wantedId)) {
      return { rank: ID_PREFIX, field: "id", spans: [[0, cpLength(wantedId)]] };
    }
    var haystack = searchKey([title, text, examples].join(" "), kana);
    if (!allIn(terms, haystack)) return null;
    var titleKey = searchKey(title, kana);
    var fields = [["title", title], ["text", text], ["example", examples]];
    var field = "text", spans = [];
    for (var i = 0; i < fields.length; i++) {
      var found = findSpans(fields[i][1], terms, kana);
      if (found.length) { field = fields[i][0]; spans = found; break; }
    }
    var rank = defines ? TERM : titleKey && allIn(terms, titleKey) ? TITLE : TEXT;
    return { rank: rank, field: field, spans: spans };
  }

  /* Search the index: every book (or only opts.book, a book key), best first.
   * Within a rank, catalog order of books then document order, as search_book orders one book. */
  function search(index, query, opts) {
    opts = opts || {};
    var kana = !!opts.kana;
    var terms = queryTerms(query, kana);
    if (!terms.length) return [];
    var wantedId = normaliseRuleId(pyStrip(query));
    var wantedBook = -1;
    if (opts.book) {
      index.books.forEach(function (b, i) { if (b.key === opts.book) wantedBook = i; });
      if (wantedBook === -1) return [];
    }
    var termRules = {};
    index.terms.forEach(function (entry) {
      if (wantedBook !== -1 && entry[0] !== wantedBook) return;
      var names = entry[2];
      var hit = terms.some(function (t) {
        return names.some(function (name) { return t === searchKey(name, kana); });
      });
      if (hit) termRules[entry[1]] = true;
    });
    var hits = [];
    index.rules.forEach(function (rule, i) {
      if (wantedBook !== -1 && rule[0] !== wantedBook) return;
      var m = match(rule, terms, wantedId, !!termRules[i], kana);
      if (m) { m.index = i; hits.push(m); }
    });
    hits.sort(function (a, b) { return a.rank - b.rank || a.index - b.index; });
    var limit = opts.limit || hits.length;
    return hits.slice(0, limit);
  }

  /* rules_index.search.snippet: a window of text around the first match, and the spans in it. */
  function snippet(text, spans, width) {
    width = width || 60;
    var chars = Array.from(text);
    if (!spans.length) {
      return { text: chars.slice(0, width).join("") + (chars.length > width ? "…" : ""), spans: [] };
    }
    var first = spans[0][0];
    var start = Math.max(0, first - Math.floor(width / 3));
    var end = Math.min(chars.length, start + width);
    var prefix = start > 0 ? "…" : "";
    var suffix = end < chars.length ? "…" : "";
    var inner = spans.filter(function (s) { return s[0] >= start && s[1] <= end; })
      .map(function (s) { return [s[0] - start + prefix.length, s[1] - start + prefix.length]; });
    return { text: prefix + chars.slice(start, end).join("") + suffix, spans: inner };
  }

  function fieldText(rule, field) {
    if (field === "title") return rule[2];
    if (field === "example") return rule[4];
    if (field === "id") return rule[1];
    return rule[3];
  }

  /* A hit as plain data (what the tests compare with Python). */
  function describe(index, hit) {
    var rule = index.rules[hit.index];
    var book = index.books[rule[0]];
    var crumbs = [];
    for (var p = rule[5]; p !== -1; p = index.rules[p][5]) crumbs.unshift(index.rules[p]);
    var source = fieldText(rule, hit.field);
    var snip = snippet(source, hit.spans);
    return {
      book: book.key, short: book.short, id: rule[1], title: rule[2], rank: RANK_NAMES[hit.rank],
      field: hit.field, spans: hit.spans, snippet: snip.text, highlights: snip.spans,
      matched: hit.spans.map(function (s) { return Array.from(source).slice(s[0], s[1]).join(""); }),
      breadcrumb: crumbs.map(function (r) { return r[1]; }),
      crumbLabels: crumbs.map(function (r) { return r[2] ? r[1] + " " + r[2] : r[1]; }),
      path: rule[6],
    };
  }

  /* ---- the search box ---------------------------------------------------------------- */

  function appendMarked(parent, text, spans) {
    var chars = Array.from(text);
    var pos = 0;
    spans.forEach(function (s) {
      if (s[0] < pos) return;
      parent.appendChild(document.createTextNode(chars.slice(pos, s[0]).join("")));
      var mark = document.createElement("mark");
      mark.textContent = chars.slice(s[0], s[1]).join("");
      parent.appendChild(mark);
      pos = s[1];
    });
    parent.appendChild(document.createTextNode(chars.slice(pos).join("")));
  }

  var SHOWN = 100;

  function render(container, index, query, opts, root) {
    container.textContent = "";
    if (!queryTerms(query, opts.kana).length) return;
    var hits = search(index, query, opts);
    var status = document.createElement("p");
    status.className = "result-count";
    status.textContent = hits.length === 0 ? "No rule matches." :
      hits.length + (hits.length === 1 ? " rule matches" : " rules match") +
      (hits.length > SHOWN ? "; the first " + SHOWN + " are shown." : ".");
    container.appendChild(status);
    var list = document.createElement("ol");
    list.className = "result-list";
    hits.slice(0, SHOWN).forEach(function (hit) {
      var d = describe(index, hit);
      var rule = index.rules[hit.index];
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = root + d.path;
      a.className = "result-id";
      var label = document.createElement("span");
      label.className = "rid";
      label.appendChild(document.createTextNode(d.short + " "));
      if (d.field === "id") appendMarked(label, d.id, hit.spans); else label.appendChild(document.createTextNode(d.id));
      a.appendChild(label);
      if (d.title) {
        var t = document.createElement("span");
        t.className = "title";
        t.lang = "ja";
        if (d.field === "title") appendMarked(t, d.snippet, d.highlights); else t.textContent = d.title;
        a.appendChild(document.createTextNode(" "));
        a.appendChild(t);
      }
      li.appendChild(a);
      var rank = document.createElement("span");
      rank.className = "rank rank-" + d.rank;
      rank.textContent = d.rank.replace("_", " ");
      li.appendChild(document.createTextNode(" "));
      li.appendChild(rank);
      if (d.crumbLabels.length) {
        var crumbs = document.createElement("p");
        crumbs.className = "result-crumbs";
        crumbs.lang = "ja";
        crumbs.textContent = d.crumbLabels.join(" › ");
        li.appendChild(crumbs);
      }
      var body = d.field === "title" || d.field === "id" ? snippet(rule[3], [], 60)
        : { text: d.snippet, spans: d.highlights };
      if (body.text) {
        var p = document.createElement("p");
        p.className = "snippet";
        p.lang = "ja";
        if (d.field === "example") {
          var ex = document.createElement("span");
          ex.className = "ex-label";
          ex.textContent = "例";
          p.appendChild(ex);
        }
        appendMarked(p, body.text, body.spans);
        li.appendChild(p);
      }
      list.appendChild(li);
    });
    container.appendChild(list);
  }

  function setUp(form) {
    var index = window.JUDGEKIT_SEARCH;
    var container = document.getElementById("results");
    if (!index || !container) return;
    var root = document.body.getAttribute("data-root") || "";
    var input = form.querySelector("input[name=q]");
    var select = form.querySelector("select[name=book]");
    var kanaBox = form.querySelector("input[name=kana]");
    index.books.forEach(function (b) {
      var option = document.createElement("option");
      option.value = b.key;
      option.textContent = b.short + " " + b.title + " " + b.version;
      select.appendChild(option);
    });
    var params = new URLSearchParams(window.location.search);
    if (params.get("q")) input.value = params.get("q");
    if (params.get("book")) select.value = params.get("book");
    if (params.get("kana")) kanaBox.checked = true;
    var timer = null;
    function run() {
      var opts = { book: select.value, kana: kanaBox.checked };
      render(container, index, input.value, opts, root);
      try {
        var q = new URLSearchParams();
        if (input.value) q.set("q", input.value);
        if (select.value) q.set("book", select.value);
        if (kanaBox.checked) q.set("kana", "1");
        var s = q.toString();
        window.history.replaceState(null, "", s ? "?" + s : window.location.pathname);
      } catch (e) { /* some file:// setups refuse; the results are shown all the same */ }
    }
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 60); });
    select.addEventListener("change", run);
    kanaBox.addEventListener("change", run);
    form.addEventListener("submit", function (e) { e.preventDefault(); run(); });
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown") {
        var first = container.querySelector("a");
        if (first) { e.preventDefault(); first.focus(); }
      }
    });
    container.addEventListener("keydown", function (e) {
      if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
      var links = Array.prototype.slice.call(container.querySelectorAll("a.result-id"));
      var at = links.indexOf(document.activeElement);
      if (at === -1) return;
      e.preventDefault();
      if (e.key === "ArrowDown" && at + 1 < links.length) links[at + 1].focus();
      else if (e.key === "ArrowUp") (at === 0 ? input : links[at - 1]).focus();
    });
    if (input.value) run();
  }

  window.JudgekitSearch = {
    searchKey: searchKey, foldKana: foldKana, queryTerms: queryTerms, normaliseRuleId: normaliseRuleId,
    isSpace: isSpace, isDigit: isDigit,
    findSpans: findSpans, search: search, snippet: snippet, describe: describe,
  };

  function start() {
    var form = document.querySelector("form[data-live-search]");
    if (form) setUp(form);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
