/* judgekit site: previews of linked rules on hover and focus, and copy-link buttons.
 * Vanilla, no dependencies; every text shown comes from the page's own preview table and is
 * inserted as text, never as HTML. */
(function () {
  "use strict";

  var previews = {};
  var table = document.getElementById("jk-previews");
  if (table) {
    try { previews = JSON.parse(table.textContent); } catch (e) { previews = {}; }
  }

  /* ---- language: Japanese and English on every page ------------------------------------ */

  var messages = { ja: {}, en: {} };
  var catalog = document.getElementById("jk-i18n");
  if (catalog) {
    try { messages = JSON.parse(catalog.textContent); } catch (e) { /* English ids are shown */ }
  }
  var root = document.documentElement;

  function lang() { return root.getAttribute("data-ui") === "en" ? "en" : "ja"; }

  /* A script's string in the page's language, {name} placeholders filled from values. */
  function t(message, values) {
    var text = (messages[lang()] || {})[message] || message;
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return values && name in values ? String(values[name]) : all;
    });
  }

  function setLang(next, remember) {
    root.setAttribute("data-ui", next);
    root.lang = next;
    var title = root.getAttribute("data-title-" + next);
    if (title) document.title = title;
    document.querySelectorAll("[data-i18n]").forEach(function (el) {
      el.getAttribute("data-i18n").split(" ").forEach(function (name) {
        var value = el.getAttribute("data-" + next + "-" + name);
        if (value !== null) el.setAttribute(name, value);
      });
    });
    if (remember) {
      try { localStorage.setItem("judgekit-lang", next); } catch (e) { /* file:// may refuse */ }
    }
    document.dispatchEvent(new CustomEvent("judgekit:lang", { detail: { lang: next } }));
  }

  window.JudgekitI18n = { lang: lang, t: t, set: setLang };
  if (lang() !== root.getAttribute("data-ui-page")) setLang(lang(), false);
  document.querySelectorAll("button.lang-switch").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { setLang(lang() === "ja" ? "en" : "ja", true); });
  });

  /* ---- previews ------------------------------------------------------------------------ */

  var tip = null, owner = null, timer = null;

  function tipElement() {
    if (tip) return tip;
    tip = document.createElement("div");
    tip.id = "jk-tip";
    tip.className = "tip";
    tip.setAttribute("role", "tooltip");
    tip.hidden = true;
    document.body.appendChild(tip);
    return tip;
  }

  function show(link) {
    var data = previews[link.getAttribute("data-preview")];
    if (!data) return;
    if (link.classList.contains("cell") && link.title) {
      /* a coverage square: its title says the same for readers without scripts; one tip is enough */
      link.setAttribute("data-title", link.title);
      link.removeAttribute("title");
    }
    var el = tipElement();
    el.textContent = "";
    var head = document.createElement("p");
    head.className = "tip-label";
    head.textContent = data.label;
    if (data.title) {
      var title = document.createElement("span");
      title.lang = "ja";
      title.textContent = " " + data.title;
      head.appendChild(title);
    }
    el.appendChild(head);
    if (data.text) {
      var text = document.createElement("p");
      text.className = "tip-text";
      text.lang = "ja";
      text.textContent = data.text;
      el.appendChild(text);
    }
    (data.notes || []).forEach(function (note) {
      var p = document.createElement("p");
      p.className = "tip-note";
      if (note.label) {
        var label = document.createElement("b");
        label.textContent = note.label + ":";
        p.appendChild(label);
      }
      var body = document.createElement("span");
      if (note.ja) body.lang = "ja";
      body.textContent = note.text;
      p.appendChild(body);
      el.appendChild(p);
    });
    el.hidden = false;
    if (owner && owner !== link) owner.removeAttribute("aria-describedby");
    owner = link;
    link.setAttribute("aria-describedby", "jk-tip");
    place(link, el);
  }

  function place(link, el) {
    var r = link.getBoundingClientRect();
    var width = Math.min(420, document.documentElement.clientWidth - 16);
    el.style.maxWidth = width + "px";
    var left = Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8));
    var below = r.bottom + 6;
    el.style.left = left + "px";
    el.style.top = (below + window.scrollY) + "px";
    var h = el.getBoundingClientRect().height;
    if (below + h > window.innerHeight && r.top - h - 6 > 0) el.style.top = (r.top - h - 6 + window.scrollY) + "px";
  }

  function hide() {
    clearTimeout(timer);
    if (tip) tip.hidden = true;
    if (owner) owner.removeAttribute("aria-describedby");
    owner = null;
  }

  function previewLink(target) {
    return target && target.closest ? target.closest("a[data-preview]") : null;
  }

  document.addEventListener("mouseover", function (e) {
    var link = previewLink(e.target);
    if (!link || link === owner) return;
    clearTimeout(timer);
    timer = setTimeout(function () { show(link); }, 120);
  });
  document.addEventListener("mouseout", function (e) {
    var link = previewLink(e.target);
    if (link && !link.contains(e.relatedTarget)) { if (document.activeElement !== link) hide(); else clearTimeout(timer); }
  });
  document.addEventListener("focusin", function (e) {
    var link = previewLink(e.target);
    if (link) show(link); else hide();
  });
  document.addEventListener("focusout", function (e) {
    if (previewLink(e.target)) hide();
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") hide();
  });
  window.addEventListener("resize", hide);

  /* ---- copy a rule's link ---------------------------------------------------------------- */

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { return true; }, function () { return fallbackCopy(text); });
    }
    return Promise.resolve(fallbackCopy(text));
  }

  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    return ok;
  }

  function addCopyButtons() {
    var nums = document.querySelectorAll(".rule a.num");
    Array.prototype.forEach.call(nums, function (num) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy";
      var label = num.getAttribute("title") || "";
      button.setAttribute("aria-label", t("Copy link") + ": " + label.replace(/^[^:]*: /, ""));
      button.textContent = "copy";
      button.addEventListener("click", function () {
        var url = new URL(num.getAttribute("href"), window.location.href).href;
        copyText(url).then(function (ok) {
          button.textContent = ok ? "copied" : "copy";
          button.setAttribute("data-state", ok ? "copied" : "failed");
          var status = document.getElementById("jk-status");
          if (status) status.textContent = ok ? t("Link copied: ") + url : t("Copy failed; the link is ") + url;
          setTimeout(function () { button.textContent = "copy"; button.removeAttribute("data-state"); }, 1500);
        });
      });
      num.insertAdjacentElement("afterend", button);
    });
    if (nums.length) {
      var status = document.createElement("p");
      status.id = "jk-status";
      status.className = "visually-hidden";
      status.setAttribute("role", "status");
      document.body.appendChild(status);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", addCopyButtons);
  else addCopyButtons();
})();
