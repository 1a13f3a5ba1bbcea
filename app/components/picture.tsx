/**
 * A library image on a page (docs/decisions/049-images.md): a `<picture>`
 * offering AVIF, then WebP, then JPEG at every width the image has
 * (`srcset` + `sizes`), with its width and height (the browser keeps its
 * place before it loads: no layout shift). Below the fold it loads lazily;
 * the page's largest image above the fold (the home hero) loads at once with
 * high priority, and its route preloads it (`imagePreload`). No image (none
 * chosen, or one not in the library): nothing, and the layout stands.
 */
import { fallbackSrc, mimeTypeOf, portraitSizes, srcSet, variantFormats, type PageImage } from "~/media/image-rules.ts";

type Props = {
  image: PageImage | null;
  /** How wide it is shown, for the browser to pick a width: "(min-width: 1024px) 40vw, 100vw". */
  sizes: string;
  /** Above the fold and the page's largest: load at once, first. */
  priority?: boolean;
  className?: string;
};

export function Picture({ image, sizes, priority = false, className = "" }: Props) {
  if (!image) return null;
  return (
    <picture>
      {variantFormats
        .filter((f) => f !== "jpeg")
        .map((f) => (
          <source key={f} type={mimeTypeOf[f]} srcSet={srcSet(image, f)} sizes={sizes} />
        ))}
      <img
        src={fallbackSrc(image)}
        srcSet={srcSet(image, "jpeg")}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        className={`h-auto w-full ${className}`}
      />
    </picture>
  );
}

/** A trainer's portrait: a small circle above their name (the course's instructors, /about's trainers). */
export function Portrait({ image, className }: { image: PageImage | null; className: string }) {
  if (!image) return null;
  return (
    <div className={`w-24 overflow-hidden rounded-full ${className}`}>
      <Picture image={image} sizes={portraitSizes} className="aspect-square object-cover" />
    </div>
  );
}

/**
 * The `<link rel="preload">` of an image above the fold, as a route's meta
 * descriptor: the AVIF set (every browser that preloads also takes AVIF; one
 * that does not skips it by its type), at the same `sizes` as its `<Picture>`.
 */
export function imagePreload(image: PageImage | null, sizes: string) {
  if (!image) return [];
  return [
    {
      tagName: "link",
      rel: "preload",
      as: "image",
      type: mimeTypeOf.avif,
      imageSrcSet: srcSet(image, "avif"),
      imageSizes: sizes,
      fetchPriority: "high",
    },
  ];
}
