import { Link } from "react-router";

/** A card's title: a heading whose text links to the card's page. */
export function CardTitle({
  href,
  title,
  level = 3,
  className = "mt-2 text-xl font-semibold text-navy-900",
}: {
  href: string;
  title: string;
  level?: 2 | 3;
  className?: string;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <Heading className={className}>
      <Link to={href} className="hover:underline">
        {title}
      </Link>
    </Heading>
  );
}
