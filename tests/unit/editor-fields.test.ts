/**
 * The editor's form, read from each content type's schema
 * (app/publishing/editor-fields.ts): every item of the release's content goes
 * through the form and back unchanged; the fields are the kinds the page
 * renders; a wholly blank item of a list is left out (older forms posted one to add another).
 */
import { describe, expect, it } from "vitest";
import { describeFields, formValues, labelOf, readItemForm, type EditorField } from "~/publishing/editor-fields.ts";
import { releaseContent } from "~/content/seed/index.ts";
import { contentTypeNames, itemSchema, itemsOf } from "~/content/types.server.ts";
import { articleSchema, courseSchema, webinarSchema } from "~/content/schema.ts";

/** What a browser posts for `values`: every field the form has, filled or not. */
function post(fields: EditorField[], values: Record<string, string>) {
  const names: string[] = [];
  const collect = (list: EditorField[]) => {
    for (const f of list) {
      if (f.kind === "group") collect(f.fields);
      else if (f.kind === "list") f.items.forEach((item) => collect(item.fields));
      else if (f.kind === "reference" && f.slots)
        names.push(...Array.from({ length: f.slots.count }, (_, i) => `${f.name}.${i}`));
      else if (f.kind === "datetime") names.push(`${f.name}.date`, `${f.name}.time`);
      else names.push(f.name);
    }
  };
  collect(fields);
  return { names, get: (name: string) => (names.includes(name) ? (values[name] ?? "") : null) };
}

describe("the editor's form", () => {
  const items = contentTypeNames.flatMap((type) =>
    itemsOf(type, releaseContent).map((item) => ({ type, ...item, schema: itemSchema(type, item.key)! })),
  );

  it.each(items.map((i) => [`${i.type} ${i.key}`, i] as const))(
    "%s goes through the form and back unchanged",
    (_name, { schema, data }) => {
      const fields = describeFields(schema, data);
      const { names, get } = post(fields, formValues(schema, data));
      expect(schema.parse(readItemForm(schema, get, names))).toEqual(schema.parse(data));
    },
  );

  it("gives a field the schema marks as Markdown (an article's body) the Markdown kind, with its syntax", () => {
    const article = releaseContent.articles[0] as Record<string, unknown>;
    const byName = new Map(describeFields(articleSchema, article).map((f) => [f.name, f]));
    expect(byName.get("body")).toMatchObject({ kind: "markdown", label: "Body", required: true, maxLength: 40_000 });
    const body = byName.get("body");
    expect(body?.kind === "markdown" && body.hint).toMatch(/## for a heading/);
    // Other long text stays plain.
    expect(byName.get("summary")).toMatchObject({ kind: "text", long: true });
  });

  it("names fields by their path, with the kinds the page renders", () => {
    const course = releaseContent.courses[0] as Record<string, unknown>;
    const fields = describeFields(courseSchema, course);
    const byName = new Map(fields.map((f) => [f.name, f]));
    expect(byName.get("title")).toMatchObject({
      kind: "text",
      label: "Title",
      required: true,
      maxLength: 80,
      long: false,
    });
    expect(byName.get("shortDescription")).toMatchObject({ kind: "text", long: true });
    expect(byName.get("theoryPracticeSplit")).toMatchObject({
      kind: "choice",
      options: ["30/70", "35/65", "40/60"].map((v) => ({ value: v, label: v })),
    });
    expect(byName.get("groupSize")).toMatchObject({ kind: "number", required: false });
    expect(byName.get("benefits")).toMatchObject({ kind: "lines", hint: "One per line: 4 to 8 lines." });
    expect(byName.get("objectives")).toMatchObject({ kind: "lines", required: false });
    const seo = byName.get("seo");
    expect(seo).toMatchObject({ kind: "group", label: "Search engines (SEO)" });
    expect(seo?.kind === "group" && seo.fields.map((f) => f.name)).toEqual(["seo.title", "seo.description"]);
    // Exactly five days: no blank day to add.
    const curriculum = byName.get("curriculum");
    expect(curriculum?.kind === "list" && curriculum.items.map((i) => i.label)).toEqual([
      "Day 1",
      "Day 2",
      "Day 3",
      "Day 4",
      "Day 5",
    ]);
    expect(curriculum).toMatchObject({ canAdd: false, canRemove: false, canMove: true });
    // FAQs (3 to 6): as many items as it has, and a button to add one.
    const faqs = byName.get("faqs");
    const count = (course.faqs as unknown[]).length;
    expect(faqs?.kind === "list" && faqs.items.at(-1)?.label).toBe(`FAQ ${count}`);
    expect(faqs).toMatchObject({ noun: "FAQ", canAdd: count < 6, canRemove: count > 3 });
    expect(labelOf("presenterTrainerId")).toBe("Presenter");
    // A number with its unit in its name says the unit apart.
    expect(labelOf("durationMinutes")).toBe("Duration (minutes)");
    expect(labelOf("readingMinutes")).toBe("Reading time (minutes)");
  });

  it("an old form's filled blank item is added; a cleared item is taken out; an empty number is left for the schema to refuse", () => {
    const course = releaseContent.courses[0] as { faqs: { question: string; answer: string }[] };
    const fields = describeFields(courseSchema, course);
    const values = formValues(courseSchema, course);
    const n = course.faqs.length;
    values[`faqs.${n}.question`] = "Is lunch included?";
    values[`faqs.${n}.answer`] = "Yes, lunch and refreshments are included on every day of the course.";
    values["faqs.0.question"] = "";
    values["faqs.0.answer"] = " ";
    const { names, get } = post(fields, values);
    // An older page's form had a blank item to fill in at the end of the list.
    names.push(`faqs.${n}.question`, `faqs.${n}.answer`);
    const read = readItemForm(courseSchema, get, names) as typeof course;
    expect(read.faqs.map((f) => f.question)).toEqual([
      ...course.faqs.slice(1).map((f) => f.question),
      "Is lunch included?",
    ]);

    const webinar = releaseContent.webinars[0]!;
    const webinarFields = describeFields(webinarSchema, webinar);
    const webinarValues = { ...formValues(webinarSchema, webinar), durationMinutes: " " };
    const form = post(webinarFields, webinarValues);
    const parsed = webinarSchema.safeParse(readItemForm(webinarSchema, form.get, form.names));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["durationMinutes"]);
  });
});
