/** The two next steps offered after a page or an answer: the training catalogue and the contact page. Plain links: an island (the guide form, ADR 090) shows them too. */
export function NextStepLinks({ tone = "light" }: { tone?: "light" | "dark" }) {
  return (
    <>
      <a href="/training" className={tone === "dark" ? "btn-accent" : "btn-primary"}>
        Explore Our Training
      </a>
      <a href="/contact" className={tone === "dark" ? "btn-outline-light" : "btn-outline"}>
        Contact Us
      </a>
    </>
  );
}
