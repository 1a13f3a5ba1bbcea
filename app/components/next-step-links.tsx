import { Link } from "react-router";

/** The two next steps offered after a page or an answer: the training catalogue and the contact page. */
export function NextStepLinks({ tone = "light" }: { tone?: "light" | "dark" }) {
  return (
    <>
      <Link to="/training" className={tone === "dark" ? "btn-accent" : "btn-primary"}>
        Explore Our Training
      </Link>
      <Link to="/contact" className={tone === "dark" ? "btn-outline-light" : "btn-outline"}>
        Contact Us
      </Link>
    </>
  );
}
