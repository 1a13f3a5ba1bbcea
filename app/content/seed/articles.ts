/**
 * The three articles on /resources (the old site's cards carry static dates in
 * 2023). Each article lives at /resources/<slug> and is written by the trainer
 * who leads the matching pillar. Content reflects the position in 2023.
 * An article's body is Markdown (app/content/rich-text.ts says what it may hold).
 */
import type { ArticleInput } from "../schema.ts";

export const articles = [
  {
    slug: "setting-a-risk-appetite-your-board-will-use",
    title: "Setting a Risk Appetite Your Board Will Actually Use",
    summary:
      "Most risk appetite statements are approved once and then forgotten. A practical sequence for linking appetite to strategy, turning it into measurable thresholds and putting it in front of the board when decisions are made.",
    publishedOn: "2023-03-14",
    readingMinutes: 4,
    pillar: "risk-grc",
    authorTrainerId: "eleanor-hart",
    body: `
Almost every organisation of any size now has a risk appetite statement. Far fewer have one that changes a decision. In many boardrooms the statement is approved once a year, filed alongside the risk management policy and rarely mentioned again until the next review. That is a missed opportunity, because a well-built appetite framework is one of the few tools that lets a board steer how much risk the business takes without managing it line by line.

For companies applying the UK Corporate Governance Code it is also an expectation rather than a nicety: the board is responsible for determining the nature and extent of the principal risks it is willing to take in achieving its long-term strategic objectives. What follows is a practical sequence for building an appetite that the board and management will actually use.

## Why appetite statements gather dust

The usual problems are easy to recognise. Statements are written in language so general that nobody could ever be in breach of them: "we have a low appetite for regulatory risk" tells a manager very little about what to do on a Tuesday afternoon. They are drafted by the risk function in isolation, so the executive team sees them as a compliance document rather than a description of how the business intends to compete. And they are disconnected from the information the board already receives, so there is no point in the board cycle at which anyone asks whether the organisation is inside or outside its appetite.

Each of these problems has a practical fix, and none of them requires new software or a large project.

## Start from the strategy, not the risk register

Appetite is about the risks an organisation chooses to take in pursuit of its objectives, so the starting point is the strategy. Take the three to five strategic priorities the board has already agreed and ask, for each one, which risks must be accepted to deliver it and where the board would not want management to go. A plan to enter a new market implies some appetite for execution and credit risk; a commitment to a strong regulatory reputation implies very little appetite for conduct failings.

Working this way produces a shorter, sharper statement. It also brings the executive team into the conversation, because the discussion is about their plan rather than about the risk function's taxonomy.

## Turn words into measures

A qualitative statement is a useful anchor, but it only becomes usable once it is translated into measures with thresholds. For each principal risk, agree a small number of metrics that management already tracks, or can track reliably, and set three levels against them.

- Appetite: the level of risk the board is comfortable taking in normal conditions, expressed as a target range.
- Tolerance: the outer boundary the board will accept for a limited period, which triggers escalation when it is reached.
- Limits: operational thresholds cascaded to business units or teams and set inside tolerance, so that problems surface early.

Good metrics are forward-looking where possible, such as concentration in the new-business pipeline rather than last quarter's losses, and each has a named owner. Resist the temptation to measure everything. A board can meaningfully follow a limited number of measures; beyond that, the important signals are lost in the noise.

## Decide in advance what happens at each threshold

An appetite framework is only as good as its escalation routes. Agree, before any threshold is breached, who must be told, how quickly, and what options are expected: bring the position back within appetite, accept it temporarily with a documented rationale, or ask the board to change the appetite itself. That last option matters. Appetite should move when strategy or circumstances change, but it should move by a deliberate board decision, not through repeated tolerance breaches that quietly become normal.

## Test it against real decisions

Before finalising the framework, run it against two or three significant decisions from the past year: an acquisition, a large contract, a new product. Would the appetite have changed the conversation? Would it have flagged anything the board did not see? If the answer is no, the statement is probably too vague or the metrics are measuring the wrong things. This exercise is also the most persuasive way to show sceptical directors what the framework is for.

From then on, ask for board papers on major proposals to include a short assessment of how the proposal sits against appetite. This single habit does more to embed appetite than any amount of guidance, because it puts the framework in front of the board at the moment a decision is made.

## Keep it alive

Report appetite metrics to the board or risk committee on a regular cycle, using a simple dashboard that shows each measure against its appetite range and tolerance, the trend, and any actions under way. Review the statement at least annually alongside the strategy, and whenever a major change, such as an acquisition or a new regulatory regime, alters the risk profile.

A risk appetite that the board uses is rarely the most sophisticated document in the organisation. It is the one that is short enough to remember, specific enough to act on and connected to the decisions that shape the business.
`,
    seo: {
      title: "Setting a Risk Appetite Your Board Will Actually Use",
      description:
        "How to link risk appetite to strategy, translate it into appetite, tolerance and limits, and make it part of board decision-making.",
    },
  },
  {
    slug: "five-ratios-every-non-financial-leader-should-read",
    title: "Five Ratios Every Non-Financial Leader Should Read",
    summary:
      "You do not need to be an accountant to read a set of accounts well. Five ratios, what each one tells you, the traps to avoid and the questions to take to your next finance review.",
    publishedOn: "2023-06-20",
    readingMinutes: 4,
    pillar: "accounting-auditing",
    authorTrainerId: "james-whitfield",
    body: `
Most of what a senior leader needs from an annual report, or from the monthly management pack, can be drawn from a handful of ratios. Each one answers a question that matters to a decision-maker, and each becomes far more informative when it is compared over several years and against similar businesses rather than read in isolation.

The five below are a practical starting set. All of them can be calculated from the income statement, the balance sheet and the cash flow statement, and none needs anything more complicated than a calculator.

## 1. Gross margin

Gross profit divided by revenue tells you how much of each pound of sales is left after the direct costs of making or delivering what you sell. It is the clearest window on pricing power and on the cost of inputs. A gross margin that falls while revenue grows often means volume is being won through discounting, or that rising costs are not being passed on to customers.

One caution: businesses draw the line between cost of sales and overheads in different places, so check the accounting policies before comparing your margin with a competitor's.

## 2. Operating margin

Operating profit divided by revenue shows whether the business earns enough to cover its overheads as well as its direct costs. It is the best single measure of how efficiently the whole organisation runs. Many companies also publish an adjusted or underlying operating profit that excludes items described as one-off. These figures can be genuinely helpful, but read the reconciliation to the statutory number and ask whether the same so-called one-off costs appear year after year.

## 3. Cash conversion

Cash generated from operations divided by operating profit shows how much of the reported profit actually arrives as cash. Profit depends on accounting judgements about when revenue is earned and which costs belong to which period; cash is much harder to flatter. A business that consistently converts a healthy share of its profit into cash is usually in good order. Persistently weak conversion deserves a question: it can reflect working capital absorbed by growth, costs being capitalised rather than expensed, or revenue recognised well ahead of payment.

## 4. Trade receivable days

Trade receivables divided by revenue, multiplied by 365, estimates how long customers take to pay. Rising receivable days tie up cash and can point to weaker credit control, generous terms offered to win business or disputes with customers. Read the figure alongside inventory days and payable days, which together describe the working capital cycle: the time between paying for inputs and being paid for outputs.

Because the calculation uses a year-end balance, seasonal businesses can look better or worse than they really are. Where possible, compare the same point in each year or ask for an average.

## 5. Return on capital employed

Operating profit divided by capital employed, usually total assets less current liabilities, measures how much profit the business generates from the money invested in it. It is the ratio that connects operations to shareholder value: a business that earns less than its cost of capital is eroding value, however fast it grows. It is also a useful test of investment proposals. If an expansion plan would lower the group's return on capital for several years, the case should explain why that is worth accepting.

## Reading the ratios together

No ratio tells the whole story alone. Imagine a business whose revenue has grown strongly for three years. Gross margin is stable and operating margin is edging up, which looks encouraging. But cash conversion has fallen each year and receivable days have lengthened. Read together, the ratios suggest that growth is being bought with longer payment terms, and that the reported profit is running well ahead of the cash needed to fund the business. That is a very different conversation from the one the income statement alone would prompt.

## Questions to take to your next finance review

The value of the ratios lies in the questions they provoke. A few that work in almost any business:

- How has this ratio moved over the last three years, and what explains the change?
- How do we compare with our closest competitors, using their published accounts?
- Which adjustments have been made to reach the underlying figures, and would we accept them if a competitor made them?
- What would happen to our cash position if our largest customers paid a month later?

Asked consistently, these questions build exactly the kind of financial fluency that boards and investors expect from leaders outside the finance team, and they make finance reviews shorter and more useful for everyone in the room.
`,
    seo: {
      title: "Five Financial Ratios Every Non-Financial Leader Should Read",
      description:
        "Gross margin, operating margin, cash conversion, receivable days and return on capital: what each ratio tells a leader and what to ask.",
    },
  },
  {
    slug: "scope-3-emissions-where-to-start",
    title: "Scope 3 Emissions: Where to Start",
    summary:
      "Value-chain emissions are often the largest and hardest part of a carbon footprint. A practical route from a first spend-based estimate to supplier data you can defend, and the pitfalls to avoid.",
    publishedOn: "2023-10-05",
    readingMinutes: 4,
    pillar: "sustainability",
    authorTrainerId: "hannah-moreau",
    body: `
Scope 3 covers all the indirect greenhouse gas emissions in a company's value chain that are not already counted in Scope 2: the emissions embedded in what it buys, in how its goods are transported, in how customers use its products and in what happens to those products at the end of their life. For many companies, particularly in retail, manufacturing and financial services, Scope 3 is the largest part of the footprint. It is also the part over which they have the least direct control and the least reliable data.

That combination leaves many teams unsure where to begin. The answer is to start broad and approximate, then concentrate effort where it makes the most difference.

## Why it matters now

In June 2023 the International Sustainability Standards Board published IFRS S2 Climate-related Disclosures, which requires companies that apply it to disclose their Scope 3 emissions, with relief from that requirement in the first year of application. Whether and when it applies to a particular company depends on adoption by national regulators; the UK government has said it intends to create UK Sustainability Disclosure Standards based on the ISSB standards. Companies setting targets through the Science Based Targets initiative are expected to include Scope 3 in their near-term targets where it makes up 40% or more of their total emissions.

Regulation aside, investors, lenders and large customers increasingly ask for value-chain emissions in questionnaires and tenders. A credible first inventory is becoming part of doing business.

## Step 1: Map the fifteen categories

The GHG Protocol Corporate Value Chain (Scope 3) Standard divides Scope 3 into fifteen categories: eight upstream, such as purchased goods and services, capital goods, upstream transportation, business travel and employee commuting, and seven downstream, such as the use of sold products, end-of-life treatment and investments. Go through every category and record whether it applies to your business. This simple exercise prevents the common mistake of reporting only the categories for which data happens to be easy to find.

## Step 2: Screen with a spend-based estimate

For a first picture, take procurement spend by category from the ledger and multiply it by published spend-based emission factors. The result is approximate, but it is quick, it covers the whole supply chain and it shows where the emissions are likely to be concentrated. Combine it with the standard's relevance criteria, including the size of each category, your ability to influence it and the interest of stakeholders, to decide which categories to measure more carefully. Document any exclusions and the reasons for them.

## Step 3: Improve data where it matters

The GHG Protocol describes a progression of calculation methods, and a practical programme moves up it one priority area at a time:

- Spend-based: financial spend multiplied by an average emission factor per pound spent.
- Average-data: physical quantities, such as tonnes of material or kilometres travelled, multiplied by industry-average factors.
- Supplier-specific: emissions data provided by the supplier for the goods or services you bought.

There is no need to move every category up the ladder. Concentrate on the few that dominate the screening results and on the suppliers that account for most of their emissions.

## Step 4: Engage the suppliers that matter

Start with a short list of suppliers selected by estimated emissions rather than by spend alone. Ask for what they already have, such as their own Scope 1 and 2 figures or product carbon footprints, and explain how the data will be used. Accept imperfect data in the first year and agree how it will improve. Building emissions questions into supplier onboarding and contract reviews makes engagement part of normal procurement rather than an annual scramble.

## Step 5: Put controls around the numbers

Treat the inventory with the same discipline as financial data. Record the methodology, the source and version of every emission factor, and the assumptions behind each estimate, so that the figures can be reproduced and reviewed. Set a recalculation policy for your base year: as methods and data improve, the baseline will need restating, and stakeholders will expect you to explain why.

## Pitfalls to avoid

Three mistakes come up again and again in first inventories:

- Reading spend-based changes as real reductions: if prices fall or you negotiate a discount, spend-based emissions fall even though nothing physical has changed.
- Counting the same purchase twice, for example as both capital goods and purchased goods and services.
- Waiting for perfect data before reporting anything, which delays the supplier conversations that improve the data in the first place.

A first Scope 3 inventory will never be perfect. Its purpose is to show where the emissions are, where the business has influence and where better data will change decisions. Start there, and improve a little every year.
`,
    seo: {
      title: "Scope 3 Emissions: Where to Start",
      description:
        "A practical route into Scope 3: map the fifteen categories, screen with spend data, improve data where it matters and engage key suppliers.",
    },
  },
] satisfies ArticleInput[];
