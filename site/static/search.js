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

  /* rules_index.term_table.TermTable.aliases: search key of each English or romaji name → the
   * search keys of the Japanese terms it names (table order, each once). */
  var aliasCache = {};
  function aliases(index, game, kana) {
    var cacheKey = game + (kana ? "|k" : "|");
    if (aliasCache[cacheKey]) return aliasCache[cacheKey];
    var out = Object.create(null);
    ((index.tables || {})[game] || []).forEach(function (term) {
      var target = searchKey(term[0], kana);
      term[1].concat(term[2]).forEach(function (name) {
        var key = searchKey(name, kana);
        if (!key) return;
        if (!out[key]) out[key] = [];
        if (out[key].indexOf(target) === -1) out[key].push(target);
      });
    });
    aliasCache[cacheKey] = out;
    return out;
  }

  /* rules_index.search.query_groups: runs of terms the table names (longest first, left to right)
   * become one group of alternatives; any other term is a group of itself. */
  function queryGroups(terms, names) {
    var groups = [];
    var i = 0;
    while (i < terms.length) {
      var matched = false;
      for (var j = terms.length; j > i; j--) {
        var joined = terms.slice(i, j).join("");
        if (names[joined]) {
          groups.push([joined].concat(names[joined].filter(function (a) { return a !== joined; })));
          i = j;
          matched = true;
          break;
        }
      }
      if (!matched) { groups.push([terms[i]]); i += 1; }
    }
    return groups;
  }

  function hasAll(groups, haystack) {
    return groups.every(function (group) {
      return group.some(function (alt) { return haystack.indexOf(alt) !== -1; });
    });
  }

  function flatten(groups) {
    var out = [];
    groups.forEach(function (g) { g.forEach(function (alt) { out.push(alt); }); });
    return out;
  }

  /* One rule against the query (rules_index.search._match); null when it does not match. */
  function match(rule, groups, wantedId, defines, kana) {
    var id = rule[1], title = rule[2], text = rule[3], examples = rule[4];
    if (id === wantedId) return { rank: EXACT_ID, field: "id", spans: [[0, cpLength(id)]] };
    if (groups.length === 1 && groups[0].length === 1 && isIdLike(wantedId) && id.startsWith(wantedId)) {
      return { rank: ID_PREFIX, field: "id", spans: [[0, cpLength(wantedId)]] };
    }
    var haystack = searchKey([title, text, examples].join(" "), kana);
    if (!hasAll(groups, haystack)) return null;
    var titleKey = searchKey(title, kana);
    var alternatives = flatten(groups);
    var fields = [["title", title], ["text", text], ["example", examples]];
    var field = "text", spans = [];
    for (var i = 0; i < fields.length; i++) {
      var found = findSpans(fields[i][1], alternatives, kana);
      if (found.length) { field = fields[i][0]; spans = found; break; }
    }
    var rank = defines ? TERM : titleKey && hasAll(groups, titleKey) ? TITLE : TEXT;
    return { rank: rank, field: field, spans: spans };
  }

  function kanaOf(opts) { return opts.kana === undefined ? true : !!opts.kana; }

  function bookIndex(index, key) {
    for (var i = 0; i < index.books.length; i++) if (index.books[i].key === key) return i;
    return -1;
  }

  /* Search the index: every book (or only opts.book, a book key), best first.
   * Within a rank, catalog order of books then document order, as search_book orders one book. */
  function search(index, query, opts) {
    opts = opts || {};
    var kana = kanaOf(opts);
    var terms = queryTerms(query, kana);
    if (!terms.length) return [];
    var wantedId = normaliseRuleId(pyStrip(query));
    var wantedBook = -1;
    if (opts.book) {
      wantedBook = bookIndex(index, opts.book);
      if (wantedBook === -1) return [];
    }
    var groupsOf = index.books.map(function (b) { return queryGroups(terms, aliases(index, b.game, kana)); });
    var termRules = {};
    index.terms.forEach(function (entry) {
      if (wantedBook !== -1 && entry[0] !== wantedBook) return;
      var groups = groupsOf[entry[0]];
      var hit = entry[2].some(function (name) {
        var key = searchKey(name, kana);
        return groups.some(function (group) { return group.indexOf(key) !== -1; });
      });
      if (hit) termRules[entry[1]] = true;
    });
    var hits = [];
    index.rules.forEach(function (rule, i) {
      if (wantedBook !== -1 && rule[0] !== wantedBook) return;
      var m = match(rule, groupsOf[rule[0]], wantedId, !!termRules[i], kana);
      if (m) { m.index = i; hits.push(m); }
    });
    hits.sort(function (a, b) { return a.rank - b.rank || a.index - b.index; });
    var limit = opts.limit || hits.length;
    return hits.slice(0, limit);
  }

  /* Levenshtein distance over code points (rapidfuzz's Levenshtein.distance). */
  function distance(a, b) {
    a = Array.from(a); b = Array.from(b);
    var prev = [];
    for (var j = 0; j <= b.length; j++) prev.push(j);
    for (var i = 1; i <= a.length; i++) {
      var row = [i];
      for (var k = 1; k <= b.length; k++) {
        row.push(Math.min(prev[k] + 1, row[k - 1] + 1, prev[k - 1] + (a[i - 1] === b[k - 1] ? 0 : 1)));
      }
      prev = row;
    }
    return prev[b.length];
  }

  function commonStart(a, b) {
    a = Array.from(a); b = Array.from(b);
    var n = 0;
    while (n < a.length && n < b.length && a[n] === b[n]) n++;
    return n;
  }

  function cmp(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  /* rules_index.search.nearest: the book's words nearest to word (vocab: [[word, count]]). */
  function nearest(word, vocab, kana, limit, terms) {
    limit = limit || 5;
    var key = searchKey(word, kana);
    if (!key) return [];
    var most = cpLength(key) <= 4 ? 1 : 2;
    var seen = Object.create(null);
    var found = [];
    vocab.forEach(function (entry) {
      var other = searchKey(entry[0], kana);
      if (other === key || seen[other]) return;
      var d = distance(key, other);
      if (d <= most) {
        seen[other] = true;
        found.push([d, -commonStart(key, other), terms && terms[entry[0]] ? -1 : 0, -entry[1], entry[0]]);
      }
    });
    found.sort(function (x, y) { return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3] || cmp(x[4], y[4]); });
    return found.slice(0, limit).map(function (f) { return f[4]; });
  }

  var haystackCache = {};
  function haystacks(index, book, kana) {
    var cacheKey = book + (kana ? "|k" : "|");
    if (!haystackCache[cacheKey]) {
      haystackCache[cacheKey] = index.rules.filter(function (r) { return r[0] === book; })
        .map(function (r) { return searchKey([r[2], r[3], r[4]].join(" "), kana); });
    }
    return haystackCache[cacheKey];
  }

  /* rules_index.search.suggest: queries to try in one book instead of query, which finds nothing. */
  function suggest(index, query, opts) {
    opts = opts || {};
    var kana = kanaOf(opts);
    var book = bookIndex(index, opts.book);
    if (book === -1) return [];
    var info = index.books[book];
    var terms = pyStrip(query).split(SPACES).filter(function (t) { return t !== ""; });
    var names = aliases(index, info.game, kana);
    var hay = haystacks(index, book, kana);
    var out = [];
    for (var i = 0; i < terms.length; i++) {
      var key = searchKey(terms[i], kana);
      if (names[key] || hay.some(function (h) { return h.indexOf(key) !== -1; })) continue;
      nearest(terms[i], info.vocab || [], kana).forEach(function (word) {
        var replaced = terms.slice(0, i).concat([word], terms.slice(i + 1)).join(" ");
        if (out.indexOf(replaced) === -1 && search(index, replaced, { book: info.key, kana: kana, limit: 1 }).length) {
          out.push(replaced);
        }
      });
      break;
    }
    return out;
  }

  /* judgekit.site.search_index.search_scenarios: scenarios by title, question and tags. */
  function searchScenarios(index, query, opts) {
    opts = opts || {};
    var kana = kanaOf(opts);
    var terms = queryTerms(query, kana);
    if (!terms.length) return [];
    var ranked = [];
    (index.scenarios || []).forEach(function (s, i) {
      var groups = queryGroups(terms, aliases(index, s[0], kana));
      var tags = s[3].map(function (t) { return searchKey(t, kana); });
      var haystack = searchKey([s[1][0], s[1][1], s[2][0], s[2][1]].concat(s[3]).join(" "), kana);
      if (!hasAll(groups, haystack)) return;
      var title = searchKey(s[1].join(" "), kana);
      var rank = groups.length === 1 && groups[0].some(function (a) { return tags.indexOf(a) !== -1; }) ? 0
        : hasAll(groups, title) ? 1 : 2;
      ranked.push([rank, i]);
    });
    ranked.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    return ranked.map(function (r) {
      var s = index.scenarios[r[1]];
      /* title and question: [for a Japanese reader, for an English one]; titleLang: the language of each */
      return { game: s[0], title: s[1], question: s[2], tags: s[3], path: s[4], tagPaths: s[5], titleLang: s[6] };
    });
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

  var PAGE = 100;

  function t(message, values) {
    return window.JudgekitI18n ? window.JudgekitI18n.t(message, values)
      : message.replace(/\{(\w+)\}/g, function (all, name) { return values && name in values ? values[name] : all; });
  }

  /* The reader's language (the page's switch), Japanese when the switch's script is absent. */
  function uiLang() {
    return window.JudgekitI18n ? window.JudgekitI18n.lang() : "ja";
  }

  function span(text, className, lang) {
    var el = document.createElement("span");
    if (className) el.className = className;
    if (lang) el.lang = lang;
    el.textContent = text;
    return el;
  }

  function hitItem(index, hit, root) {
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
      var title = span("", "title", "ja");
      if (d.field === "title") appendMarked(title, d.snippet, d.highlights); else title.textContent = d.title;
      a.appendChild(document.createTextNode(" "));
      a.appendChild(title);
    }
    li.appendChild(a);
    li.appendChild(document.createTextNode(" "));
    li.appendChild(span(t(d.rank.replace("_", " ")), "rank rank-" + d.rank));
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
      if (d.field === "example") p.appendChild(span("例", "ex-label"));
      appendMarked(p, body.text, body.spans);
      li.appendChild(p);
    }
    return li;
  }

  /* Suggestions across the books searched: suggest's rule over their words together (counts
   * summed), each checked to find something. */
  function suggestions(index, query, opts) {
    var books = index.books.filter(function (b) { return !opts.book || b.key === opts.book; });
    if (books.length === 1) return suggest(index, query, { book: books[0].key, kana: opts.kana });
    var kana = kanaOf(opts);
    var counts = Object.create(null);
    books.forEach(function (b) {
      (b.vocab || []).forEach(function (e) { counts[e[0]] = (counts[e[0]] || 0) + e[1]; });
    });
    var vocab = Object.keys(counts).map(function (w) { return [w, counts[w]]; });
    vocab.sort(function (x, y) { return y[1] - x[1] || cmp(x[0], y[0]); });
    /* Over several books, a defined term or a term of a table comes before a plain word. */
    var named = Object.create(null);
    index.terms.forEach(function (e) { e[2].forEach(function (n) { named[n] = true; }); });
    Object.keys(index.tables || {}).forEach(function (g) { index.tables[g].forEach(function (t) { named[t[0]] = true; }); });
    var terms = pyStrip(query).split(SPACES).filter(function (t) { return t !== ""; });
    var out = [];
    for (var i = 0; i < terms.length; i++) {
      var key = searchKey(terms[i], kana);
      var known = books.some(function (b) {
        var k = bookIndex(index, b.key);
        return aliases(index, b.game, kana)[key] || haystacks(index, k, kana).some(function (h) { return h.indexOf(key) !== -1; });
      });
      if (known) continue;
      nearest(terms[i], vocab, kana, 5, named).forEach(function (word) {
        var replaced = terms.slice(0, i).concat([word], terms.slice(i + 1)).join(" ");
        if (out.indexOf(replaced) === -1 && search(index, replaced, { book: opts.book, kana: kana, limit: 1 }).length) {
          out.push(replaced);
        }
      });
      break;
    }
    return out;
  }

  function render(container, index, query, opts, root, retry) {
    container.textContent = "";
    if (!queryTerms(query, opts.kana).length) return;
    var scenarios = opts.book ? [] : searchScenarios(index, query, opts);
    if (scenarios.length) {
      var sHead = document.createElement("h2");
      sHead.className = "result-heading";
      sHead.textContent = t("Scenarios");
      container.appendChild(sHead);
      var sCount = document.createElement("p");
      sCount.className = "scenario-count";
      sCount.textContent = t("{n} scenarios match.", { n: scenarios.length });
      container.appendChild(sCount);
      var sList = document.createElement("ul");
      sList.className = "scenario-results";
      scenarios.forEach(function (s) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = root + s.path;
        var which = uiLang() === "en" ? 1 : 0;
        a.textContent = s.title[which];
        a.lang = s.titleLang[which];
        li.appendChild(a);
        s.tags.forEach(function (tag, k) {
          var tl = document.createElement("a");
          tl.className = "tag";
          tl.href = root + s.tagPaths[k];
          tl.textContent = tag;
          li.appendChild(document.createTextNode(" "));
          li.appendChild(tl);
        });
        sList.appendChild(li);
      });
      container.appendChild(sList);
      var rHead = document.createElement("h2");
      rHead.className = "result-heading";
      rHead.textContent = t("Rules");
      container.appendChild(rHead);
    }
    var hits = search(index, query, opts);
    var status = document.createElement("p");
    status.className = "result-count";
    container.appendChild(status);
    if (hits.length === 0) {
      status.textContent = t("No rule matches.");
      var tries = suggestions(index, query, opts);
      if (tries.length) {
        var p = document.createElement("p");
        p.className = "suggestions";
        p.appendChild(document.createTextNode(t("Did you mean") + ": "));
        tries.forEach(function (q, k) {
          var b = document.createElement("button");
          b.type = "button";
          b.className = "suggestion";
          b.lang = "ja";
          b.textContent = q;
          b.addEventListener("click", function () { retry(q); });
          if (k) p.appendChild(document.createTextNode(" "));
          p.appendChild(b);
        });
        container.appendChild(p);
      }
      return;
    }
    var list = document.createElement("ol");
    list.className = "result-list";
    container.appendChild(list);
    var shown = 0;
    var more = document.createElement("button");
    more.type = "button";
    more.className = "more";
    function showMore() {
      var end = Math.min(hits.length, shown + PAGE);
      for (var k = shown; k < end; k++) list.appendChild(hitItem(index, hits[k], root));
      shown = end;
      status.textContent = hits.length === 1 ? t("{n} rule matches.", { n: 1 })
        : shown < hits.length ? t("{n} rules match; {shown} shown.", { n: hits.length, shown: shown })
        : t("{n} rules match.", { n: hits.length });
      if (shown < hits.length) {
        more.textContent = t("Show {n} more", { n: Math.min(PAGE, hits.length - shown) });
        if (!more.parentNode) container.appendChild(more);
      } else if (more.parentNode) {
        more.parentNode.removeChild(more);
      }
    }
    more.addEventListener("click", function () {
      var first = shown;
      showMore();
      var next = list.children[first] && list.children[first].querySelector("a");
      if (next) next.focus();
    });
    showMore();
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
    if (params.get("kana") === "0") kanaBox.checked = false;
    var timer = null;
    function run() {
      var opts = { book: select.value, kana: kanaBox.checked };
      render(container, index, input.value, opts, root, function (q) { input.value = q; run(); });
      try {
        var q = new URLSearchParams();
        if (input.value) q.set("q", input.value);
        if (select.value) q.set("book", select.value);
        if (!kanaBox.checked) q.set("kana", "0");
        var s = q.toString();
        window.history.replaceState(null, "", s ? "?" + s : window.location.pathname);
      } catch (e) { /* some file:// setups refuse; the results are shown all the same */ }
    }
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 60); });
    select.addEventListener("change", run);
    kanaBox.addEventListener("change", run);
    document.addEventListener("judgekit:lang", function () { if (input.value) run(); });
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
    isSpace: isSpace, isDigit: isDigit, queryGroups: queryGroups, aliases: aliases,
    findSpans: findSpans, search: search, snippet: snippet, describe: describe,
    suggest: suggest, nearest: nearest, searchScenarios: searchScenarios,
  };

  function start() {
    var form = document.querySelector("form[data-live-search]");
    if (form) setUp(form);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
