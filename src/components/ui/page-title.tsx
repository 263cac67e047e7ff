/**
 * The tab's title for the page on screen: the page's heading, or the product's name (index.html's
 * 'Catálogo' is what the catalogue keeps). React 19 puts a rendered `<title>` into the document's
 * head, ahead of index.html's, and takes it out when the page goes, so the previous title returns.
 * One string child: React refuses a title made of several text nodes.
 */
export function PageTitle({ children }: { children: string }) {
  return <title>{children}</title>;
}
