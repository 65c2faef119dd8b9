// What the server bundle expects of a browser and goja does not have: timers
// (run by the Go side's loop, render.go), storage (empty: a page shared by
// everyone renders as a first visit does), Headers, TextEncoder and the few
// Intl formats the storefront uses, in its two languages. The formats match
// Chromium's output byte for byte (no-break spaces included), or hydration
// would find different text.
"use strict";
var self = this;
var window = this;
var __timers = [];
var __timerSeq = 0;
function setTimeout(fn, ms) {
  var id = ++__timerSeq;
  __timers.push({ id: id, fn: fn, ms: ms || 0, args: Array.prototype.slice.call(arguments, 2) });
  return id;
}
function clearTimeout(id) {
  __timers = __timers.filter(function (t) { return t.id !== id; });
}
function setInterval() { return 0; }
function clearInterval() {}
function queueMicrotask(fn) { Promise.resolve().then(fn); }
// __runTimers runs the timers due soon (React's and react-query's batching),
// in order, and drops long ones (cache expiry): a render lives for
// milliseconds and is thrown away.
function __runTimers() {
  for (var n = 0; n < 1000 && __timers.length > 0; n++) {
    __timers.sort(function (a, b) { return a.ms - b.ms || a.id - b.id; });
    var t = __timers.shift();
    if (t.ms > 100) { __timers = []; return; }
    t.fn.apply(null, t.args);
  }
}
var console = {
  log: function () { __log("log", Array.prototype.join.call(arguments, " ")); },
  info: function () { __log("info", Array.prototype.join.call(arguments, " ")); },
  warn: function () { __log("warn", Array.prototype.join.call(arguments, " ")); },
  error: function () { __log("error", Array.prototype.join.call(arguments, " ")); },
  debug: function () {},
};
function MemoryStorage() { this._m = {}; }
MemoryStorage.prototype.getItem = function (k) { return Object.prototype.hasOwnProperty.call(this._m, k) ? this._m[k] : null; };
MemoryStorage.prototype.setItem = function (k, v) { this._m[k] = String(v); };
MemoryStorage.prototype.removeItem = function (k) { delete this._m[k]; };
MemoryStorage.prototype.clear = function () { this._m = {}; };
var localStorage = new MemoryStorage();
var sessionStorage = new MemoryStorage();
var location = { origin: "", href: "", pathname: "/", search: "", hash: "", host: "", protocol: "https:" };
var navigator = { userAgent: "shopd", language: "es" };
function addEventListener() {}
function removeEventListener() {}
function Headers(init) {
  this._m = {};
  if (init) for (var k in init) this._m[k.toLowerCase()] = String(init[k]);
}
Headers.prototype.get = function (k) { var v = this._m[k.toLowerCase()]; return v === undefined ? null : v; };
Headers.prototype.set = function (k, v) { this._m[k.toLowerCase()] = String(v); };
Headers.prototype.has = function (k) { return k.toLowerCase() in this._m; };
Headers.prototype.forEach = function (fn) { for (var k in this._m) fn(this._m[k], k, this); };
function TextEncoder() {}
TextEncoder.prototype.encode = function (s) {
  var u = unescape(encodeURIComponent(String(s || "")));
  var out = new Uint8Array(u.length);
  for (var i = 0; i < u.length; i++) out[i] = u.charCodeAt(i);
  return out;
};
TextEncoder.prototype.encodeInto = function (s, dest) {
  var b = this.encode(s);
  dest.set(b.subarray(0, dest.length));
  return { read: s.length, written: Math.min(b.length, dest.length) };
};
function TextDecoder() {}
TextDecoder.prototype.decode = function (b) {
  if (!b) return "";
  var s = "";
  for (var i = 0; i < b.length; i++) s += String.fromCharCode(b[i]);
  return decodeURIComponent(escape(s));
};
var Intl = (function () {
  var NBSP = "\u00a0";
  function lang(locale) {
    var l = String(Array.isArray(locale) ? locale[0] : locale || "es").toLowerCase();
    return l.slice(0, 2) === "pt" ? "pt" : l.slice(0, 2) === "en" ? "en" : "es";
  }
  function NumberFormat(locale, options) {
    var o = options || {};
    this._lang = lang(locale);
    this._currency = o.style === "currency";
    this._min = o.minimumFractionDigits !== undefined ? o.minimumFractionDigits : this._currency ? 2 : 0;
    this._max = o.maximumFractionDigits !== undefined ? o.maximumFractionDigits : this._currency ? 2 : Math.max(3, this._min);
    this._grouping = o.useGrouping !== false;
  }
  NumberFormat.prototype.format = function (value) {
    var n = Number(value);
    var neg = n < 0;
    var s = Math.abs(n).toFixed(this._max);
    var parts = s.split(".");
    var int = parts[0];
    var frac = parts[1] || "";
    while (frac.length > this._min && frac.charAt(frac.length - 1) === "0") frac = frac.slice(0, -1);
    var en = this._lang === "en";
    var group = en ? "," : this._lang === "pt" ? NBSP : ".";
    // es and pt group only from five digits (CLDR minimumGroupingDigits 2); en from four.
    if (this._grouping && int.length > (en ? 3 : 4)) int = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
    var out = int + (frac ? (en ? "." : ",") + frac : "");
    if (this._currency) out = en ? "€" + out : out + NBSP + "€";
    return (neg ? "-" : "") + out;
  };
  NumberFormat.prototype.resolvedOptions = function () {
    return { locale: this._lang, minimumFractionDigits: this._min, maximumFractionDigits: this._max };
  };
  var weekdays = {
    es: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
    pt: ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"],
    en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  };
  var months = {
    es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
    pt: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
    en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  };
  function pad(n) { return n < 10 ? "0" + n : String(n); }
  function DateTimeFormat(locale, options) {
    this._lang = lang(locale);
    this._o = options || {};
  }
  DateTimeFormat.prototype.format = function (value) {
    var d = new Date(value === undefined ? Date.now() : value);
    var o = this._o;
    if (o.dateStyle === "long" && !o.timeStyle) o = { day: "numeric", month: "long", year: "numeric", timeZone: o.timeZone };
    var utc = o.timeZone === "UTC";
    if (o.timeZone === "Europe/Madrid") {
      // Madrid's wall clock read through the UTC getters.
      d = new Date(d.getTime() + __madridOffsetMinutes(d.getTime()) * 60000);
      utc = true;
    }
    var day = utc ? d.getUTCDate() : d.getDate();
    var month = utc ? d.getUTCMonth() : d.getMonth();
    var year = utc ? d.getUTCFullYear() : d.getFullYear();
    var wd = utc ? d.getUTCDay() : d.getDay();
    var l = this._lang;
    if (o.weekday && !o.day && !o.month && !o.year) return weekdays[l][wd];
    if (o.month === "long") {
      var s = (o.day ? day + " de " : "") + months[l][month] + (o.year ? " de " + year : "");
      return o.weekday ? weekdays[l][wd] + ", " + s : s;
    }
    return pad(day) + "/" + pad(month + 1) + "/" + year;
  };
  DateTimeFormat.prototype.resolvedOptions = function () { return { locale: this._lang, timeZone: "UTC" }; };
  function PluralRules(locale) { this._lang = lang(locale); }
  PluralRules.prototype.select = function (n) { return n === 1 ? "one" : "other"; };
  PluralRules.prototype.resolvedOptions = function () { return { locale: this._lang, pluralCategories: ["one", "other"] }; };
  return {
    NumberFormat: NumberFormat,
    DateTimeFormat: DateTimeFormat,
    PluralRules: PluralRules,
    getCanonicalLocales: function (l) { return [].concat(l || []); },
  };
})();
function MessageChannel() {
  var port1 = { onmessage: null, postMessage: function (data) { var p = port2; setTimeout(function () { if (p.onmessage) p.onmessage({ data: data }); }, 0); } };
  var port2 = { onmessage: null, postMessage: function (data) { setTimeout(function () { if (port1.onmessage) port1.onmessage({ data: data }); }, 0); } };
  this.port1 = port1;
  this.port2 = port2;
}
function URLSearchParams(init) {
  this._l = [];
  if (init === undefined || init === null) return;
  if (typeof init === "string") {
    var s = init.charAt(0) === "?" ? init.slice(1) : init;
    var parts = s ? s.split("&") : [];
    for (var i = 0; i < parts.length; i++) {
      if (!parts[i]) continue;
      var kv = parts[i].split("=");
      var dec = function (x) { return decodeURIComponent(String(x || "").replace(/\+/g, " ")); };
      this._l.push([dec(kv[0]), dec(kv.slice(1).join("="))]);
    }
  } else if (init instanceof URLSearchParams) {
    this._l = init._l.slice();
  } else if (Array.isArray(init)) {
    for (var j = 0; j < init.length; j++) this._l.push([String(init[j][0]), String(init[j][1])]);
  } else {
    for (var k in init) this._l.push([k, String(init[k])]);
  }
}
URLSearchParams.prototype.get = function (k) { for (var i = 0; i < this._l.length; i++) if (this._l[i][0] === k) return this._l[i][1]; return null; };
URLSearchParams.prototype.getAll = function (k) { return this._l.filter(function (e) { return e[0] === k; }).map(function (e) { return e[1]; }); };
URLSearchParams.prototype.has = function (k) { return this.get(k) !== null; };
URLSearchParams.prototype.set = function (k, v) { this.delete(k); this._l.push([k, String(v)]); };
URLSearchParams.prototype.append = function (k, v) { this._l.push([k, String(v)]); };
URLSearchParams.prototype.delete = function (k) { this._l = this._l.filter(function (e) { return e[0] !== k; }); };
URLSearchParams.prototype.forEach = function (fn) { var self = this; this._l.forEach(function (e) { fn(e[1], e[0], self); }); };
URLSearchParams.prototype.keys = function () { return this._l.map(function (e) { return e[0]; })[Symbol.iterator](); };
URLSearchParams.prototype.values = function () { return this._l.map(function (e) { return e[1]; })[Symbol.iterator](); };
URLSearchParams.prototype.entries = function () { return this._l.map(function (e) { return [e[0], e[1]]; })[Symbol.iterator](); };
URLSearchParams.prototype[Symbol.iterator] = URLSearchParams.prototype.entries;
URLSearchParams.prototype.sort = function () { this._l.sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; }); };
Object.defineProperty(URLSearchParams.prototype, "size", { get: function () { return this._l.length; } });
URLSearchParams.prototype.toString = function () {
  var enc = function (x) { return encodeURIComponent(x).replace(/%20/g, "+"); };
  return this._l.map(function (e) { return enc(e[0]) + "=" + enc(e[1]); }).join("&");
};
function URL(url, base) {
  var s = String(url);
  var m = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(s);
  if (!m) {
    if (base === undefined) throw new TypeError("Invalid URL: " + s);
    var b = new URL(base);
    var path = s, search = "", hash = "";
    var h = path.indexOf("#");
    if (h >= 0) { hash = path.slice(h); path = path.slice(0, h); }
    var q = path.indexOf("?");
    if (q >= 0) { search = path.slice(q); path = path.slice(0, q); }
    if (path === "") path = b.pathname;
    else if (path.charAt(0) !== "/") path = b.pathname.replace(/[^/]*$/, "") + path;
    m = [s, b.protocol, b.host, path, search, hash];
  }
  this.protocol = m[1];
  this.host = m[2];
  this.hostname = m[2].replace(/:\d+$/, "");
  this.port = (/:(\d+)$/.exec(m[2]) || [])[1] || "";
  this.pathname = m[3] || "/";
  this.search = m[4] && m[4] !== "?" ? m[4] : "";
  this.hash = m[5] || "";
  this.origin = this.protocol + "//" + this.host;
  this.searchParams = new URLSearchParams(this.search);
}
Object.defineProperty(URL.prototype, "href", { get: function () { return this.origin + this.pathname + this.search + this.hash; } });
URL.prototype.toString = function () { return this.href; };
URL.prototype.toJSON = function () { return this.href; };
function AbortSignal() { this.aborted = false; this.reason = undefined; this.onabort = null; }
AbortSignal.prototype.addEventListener = function () {};
AbortSignal.prototype.removeEventListener = function () {};
AbortSignal.prototype.throwIfAborted = function () { if (this.aborted) throw this.reason; };
function AbortController() { this.signal = new AbortSignal(); }
AbortController.prototype.abort = function (reason) { this.signal.aborted = true; this.signal.reason = reason; };
