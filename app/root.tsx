import { use, useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheetHref from "./app.css?url";
import { FIRST_SCREEN_CSS_ID, SITE_CSS_ATTRIBUTE } from "./page-script/first-screen.ts";
import { ExitIntent } from "./components/exit-popup/exit-intent.tsx";
import { Footer } from "./components/layout/footer.tsx";
import { Header } from "./components/layout/header.tsx";
import { NotFoundContent } from "./components/not-found-content.tsx";
import { catalogue } from "./content/index.server.ts";
import { catalogueNavigation } from "./content/navigation.server.ts";
import { useSiteFacts } from "./components/site-facts.ts";
import { consentTexts } from "./leads/kinds/index.ts";
import type { CatalogueNavigation } from "./content/navigation.ts";
import { ServerRenderContext } from "./http/request-context.ts";
import { jsonLdScript, organisationJsonLd, pageTitle } from "./seo/meta.ts";
import { Island } from "./islands/island.tsx";

export function loader() {
  return {
    navigation: catalogueNavigation(),
    year: new Date().getFullYear(),
    consentTexts: consentTexts(),
    /** The published site facts (contact details, figures, delivery options): components read them with useSiteFacts. */
    facts: catalogue.siteFacts,
  };
}

// The navigation, year and consent lines do not change between pages.
export function shouldRevalidate() {
  return false;
}

const emptyNavigation: CatalogueNavigation = {
  pillars: [],
  allTraining: { label: "View All Training", href: "/training" },
  featuredCourses: [],
  footerCourses: [],
};

/** The marker at the end of <body> that the first paint waits for (ADR 021). */
const pageEndId = "page-end";

/** A page of the back office (/admin): its own frame, none of the public site's. */
function useStaffArea(): boolean {
  return useMatches().some((match) => (match.handle as { area?: string } | undefined)?.area === "staff");
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const staffArea = useStaffArea();
  const { nonce, pageScript, speculationRules, hydrationMode, islandsLoader } = use(ServerRenderContext);
  // A page whose only live parts are islands: no React Router in the browser (ADR 090). In the
  // browser this is never so: a page React Router hydrates was not one.
  const islandsOnly = hydrationMode === "islands";
  const navigation = data?.navigation ?? emptyNavigation;
  const facts = useSiteFacts();
  return (
    // The page script sets data-currency on <html> before React hydrates.
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: jsonLdScript(organisationJsonLd(facts)) }}
        />
        {staffArea ? (
          <link rel="stylesheet" href={stylesheetHref} />
        ) : (
          <>
            {/* The first screen's styles, inlined by the server render (critical-css.server.ts); the
                whole stylesheet loads without holding the first paint, and the page script applies it
                once it has arrived (without JavaScript, the noscript link does). */}
            <style
              id={FIRST_SCREEN_CSS_ID}
              nonce={nonce}
              dangerouslySetInnerHTML={{ __html: "" }}
              suppressHydrationWarning
            />
            <link
              rel="stylesheet"
              href={stylesheetHref}
              media="print"
              {...{ [SITE_CSS_ATTRIBUTE]: "" }}
              suppressHydrationWarning
            />
            <noscript>
              <link rel="stylesheet" href={stylesheetHref} />
            </noscript>
          </>
        )}
        <Links />
        {/* The first paint waits until the whole document has been parsed
            (up to the marker at the end of <body>): what is painted first
            answers a tap at once, with no layout of the rest of the page
            after it to wait for (ADR 021). Browsers without render-blocking
            `expect` links paint as before. */}
        <link rel="expect" href={`#${pageEndId}`} blocking="render" />
        {/* Prefetch a page when the visitor is about to open it (app/page-script/page-script.server.ts). */}
        {!staffArea && (
          <script
            type="speculationrules"
            nonce={nonce}
            dangerouslySetInnerHTML={{ __html: speculationRules ?? "" }}
            suppressHydrationWarning
          />
        )}
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-navy-900 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to main content
        </a>
        {staffArea ? (
          children
        ) : (
          <>
            <Header navigation={navigation} />
            <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            <Footer
              navigation={navigation}
              year={data?.year ?? new Date().getFullYear()}
              newsletterConsent={data?.consentTexts.newsletter}
            />
            {/* Page-wide behaviours from the first paint, with or without React
                (app/page-script/page-script.server.ts); inlined by the server render. */}
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: pageScript ?? "" }} suppressHydrationWarning />
            <Island name="exit-intent" component={ExitIntent} props={{ consent: data?.consentTexts.newsletter }} />
          </>
        )}
        {islandsOnly ? (
          // No React Router here: the islands loader wakes each island on its own.
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: islandsLoader ?? "" }} suppressHydrationWarning />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
        <span id={pageEndId} hidden />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has taken over (hydration is deferred
  // until after the first paint; see app/page-script/deferred-hydration.server.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundContent />;
  }
  // A refusal in its own words: React Router renders what a middleware
  // throws here, at the root (the back office's access rule and CSRF check).
  const refusal =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" ? error.data : null;
  const title = refusal ? (isRouteErrorResponse(error) && error.status === 403 ? "Not allowed" : "Not done") : null;
  return (
    <section className="container-page py-20">
      <title>{pageTitle(title ?? "Something went wrong")}</title>
      <h1 className="text-3xl font-bold text-navy-900">{title ?? "Something went wrong"}</h1>
      <p className="mt-4 max-w-prose text-slate-700">
        {refusal ??
          "Sorry, this page could not be shown just now. Please try again in a moment, or contact us and we will help directly."}
      </p>
    </section>
  );
}
