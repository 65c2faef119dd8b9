/**
 * Seo sets the page's title, description, keywords and structured data.
 * React 19 hoists <title> and <meta> into <head>; JSON-LD may live anywhere.
 */
export function Seo({
  title,
  description,
  keywords,
  jsonLd,
}: {
  title: string;
  description?: string;
  keywords?: string;
  jsonLd?: object;
}) {
  return (
    <>
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
      {keywords && <meta name="keywords" content={keywords} />}
      {jsonLd && (
        <script type="application/ld+json">
          {/* "<" is escaped so product text can never close the script element. */}
          {JSON.stringify(jsonLd).replace(/</g, "\\u003c")}
        </script>
      )}
    </>
  );
}
