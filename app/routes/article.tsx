import { data, Link } from "react-router";
import { Breadcrumbs } from "~/components/sections.tsx";
import { getArticle, getPillar, getTrainer } from "~/content/index.server.ts";
import { markdownToPlainText, renderMarkdown } from "~/content/rich-text.server.ts";
import { articlePath, pillarPath } from "~/content/paths.ts";
import { organisation } from "~/content/organisation.ts";
import { formatDate } from "~/format/dates.ts";
import { absoluteUrl, breadcrumbJsonLd, seo } from "~/seo/meta.ts";
import type { Route } from "./+types/article";
import { islandsOnly } from "~/page-script/hydration.ts";
import { imagePreload, Picture } from "~/components/picture.tsx";
import { contentImageSizes } from "~/media/image-rules.ts";
import { pageImageOf } from "~/media/page-images.server.ts";

/** No React Router: its islands (the footer's sign-up, the exit popup) wake on their own (ADR 090). */
export const handle = islandsOnly;

export async function loader({ params, context }: Route.LoaderArgs) {
  const article = getArticle(params.slug);
  if (!article) throw data(null, { status: 404 });
  const author = getTrainer(article.authorTrainerId)!;
  const pillar = getPillar(article.pillar)!;
  const { body, ...rest } = article;
  return {
    article: rest,
    /** The body's Markdown as HTML that can carry no script (app/content/rich-text.server.ts). */
    bodyHtml: renderMarkdown(body),
    wordCount: markdownToPlainText(body).split(/\s+/).filter(Boolean).length,
    image: await pageImageOf(context, article.image),
    author: { name: author.name, title: author.title },
    pillar: { title: pillar.title, href: pillarPath(pillar.id) },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { article, author, wordCount, image } = loaderData;
  const path = articlePath(article.slug);
  const tags = seo({
    ...article.seo,
    path,
    type: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description: article.summary,
        datePublished: article.publishedOn,
        wordCount,
        author: { "@type": "Person", name: author.name },
        publisher: { "@type": "Organization", name: organisation.name },
        mainEntityOfPage: absoluteUrl(path),
      },
      breadcrumbJsonLd([
        { name: "Resources", path: "/resources" },
        { name: article.title, path },
      ]),
    ],
  });
  return [...tags, ...imagePreload(image, contentImageSizes)];
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, image, author, pillar, bodyHtml } = loaderData;
  return (
    <article>
      <header className="bg-navy-900 text-white">
        <div className="container-page max-w-3xl py-12 lg:py-16">
          <Breadcrumbs
            items={[
              { name: "Resources", path: "/resources" },
              { name: article.title, path: articlePath(article.slug) },
            ]}
          />
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance">{article.title}</h1>
          <p className="mt-4 text-lg text-slate-200">{article.summary}</p>
          <p className="mt-6 text-sm text-slate-300">
            By {author.name}, {author.title} ·{" "}
            <time dateTime={article.publishedOn}>{formatDate(article.publishedOn)}</time> · {article.readingMinutes} min
            read
          </p>
        </div>
      </header>
      {image && (
        <div className="container-page max-w-3xl pt-12">
          <div className="overflow-hidden rounded-lg">
            <Picture image={image} sizes={contentImageSizes} priority />
          </div>
        </div>
      )}
      <div className="container-page max-w-3xl py-12">
        <div data-rich-text="" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        <p className="mt-12 rounded-lg bg-navy-50 p-6 text-slate-700">
          Explore our{" "}
          <Link to={pillar.href} className="font-semibold text-navy-800 underline underline-offset-4">
            {pillar.title} courses
          </Link>{" "}
          or{" "}
          <Link to="/resources" className="font-semibold text-navy-800 underline underline-offset-4">
            read more resources
          </Link>
          .
        </p>
      </div>
    </article>
  );
}
