// Numbers as the storefront's two languages write them, without Intl: a
// page's first Intl.NumberFormat loads ICU's number data, 10-50 ms of
// unthrottled CPU in Chromium on the bench machine and four times that at
// Lighthouse's mobile slowdown (issue 20), one long task on every public
// page just to show prices and ratings. The output is Intl's for es-ES and
// pt-PT character for character (format-number.test.ts checks it value by
// value, no-break spaces included), so the server-rendered text hydrates
// unchanged. Other languages go to Intl.

interface Style {
  decimal: string;
  group: string;
}

// CLDR's es-ES and pt-PT; both group only from five integer digits
// (minimumGroupingDigits 2: "1234,56" but "12.345,67").
const styles: Record<string, Style> = {
  es: { decimal: ",", group: "." },
  pt: { decimal: ",", group: "\u00a0" },
};

const regionalLocales: Record<string, string> = { es: "es-ES", pt: "pt-PT" };

/** intlLocale is the Intl locale for a storefront language (dates, numbers). */
export function intlLocale(language: string): string {
  return regionalLocales[language] ?? language;
}

/** ownFormat says whether formatDecimal writes language's numbers itself (es, pt) rather than through Intl. */
export function ownFormat(language: string): boolean {
  return language in styles;
}

function grouped(digits: string, group: string): string {
  return digits.length < 5 ? digits : digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/**
 * roundDecimal rounds a non-negative number's shortest decimal form (what
 * String gives, and what ICU rounds) to at most max fraction digits, half
 * away from zero as Intl does: toFixed would round the binary value instead
 * (4.35 is 4.3499… in binary, toFixed(1) gives "4.3", Intl "4,4").
 */
function roundDecimal(abs: number, max: number): [string, string] {
  const [int, frac = ""] = String(abs).split(".");
  if (frac.length <= max) return [int, frac];
  let digits = int + frac.slice(0, max);
  if (frac.charCodeAt(max) >= 53 /* "5" */) {
    // Add one to the last kept digit, carrying through nines.
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === "9") i--;
    digits = (i < 0 ? "1" : digits.slice(0, i) + String(Number(digits[i]) + 1)) + "0".repeat(digits.length - 1 - i);
  }
  const cut = digits.length - max;
  return [digits.slice(0, cut) || "0", digits.slice(cut)];
}

const fallbacks = new Map<string, Intl.NumberFormat>();

/**
 * intlNumberFormat is Intl's formatter for a language we do not write
 * ourselves, built once per language and options: building one costs far
 * more than using it.
 */
export function intlNumberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let f = fallbacks.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(language), options);
    fallbacks.set(key, f);
  }
  return f;
}

/**
 * formatDecimal writes value with at most maxFractionDigits (and at least
 * minFractionDigits) fraction digits, grouped, as
 * Intl.NumberFormat(intlLocale(language), {minimumFractionDigits, maximumFractionDigits}) does.
 */
export function formatDecimal(value: number, language: string, maxFractionDigits: number, minFractionDigits = 0): string {
  const style = styles[language];
  const abs = Math.abs(value);
  // String gives exponents from 1e21 and below 1e-6: rare enough for Intl.
  if (!style || !Number.isFinite(value) || (abs !== 0 && (abs >= 1e21 || abs < 1e-6))) {
    return intlNumberFormat(language, { minimumFractionDigits: minFractionDigits, maximumFractionDigits: maxFractionDigits }).format(value);
  }
  const [int, rawFrac] = roundDecimal(abs, maxFractionDigits);
  let frac = rawFrac.padEnd(minFractionDigits, "0");
  while (frac.length > minFractionDigits && frac.endsWith("0")) frac = frac.slice(0, -1);
  // Intl keeps the sign of a negative value that rounds to zero ("-0").
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return sign + grouped(int, style.group) + (frac ? style.decimal + frac : "");
}
