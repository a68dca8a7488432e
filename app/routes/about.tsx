import { TEST_MODE_BANNER } from "../../core/featuring.ts";
import { Prose } from "../components/prose.tsx";
import { useSiteConfig } from "../lib/site.ts";
import { pageMeta } from "../lib/meta.ts";
import { PageLink } from "../components/ui/page-link.tsx";
import type { Route } from "./+types/about.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "About Us", "Who runs this directory of software, AI and web tools, and how tools get listed.");

export default function About() {
  const testMode = useSiteConfig().site?.paymentsMode === "test";
  return (
    <Prose
      title="About Us"
      intro="We keep a directory of software, AI and web tools that is quick to search, honest about what is paid placement, and checked by people."
    >
      <h2>What you will find here</h2>
      <p>
        Every listing has the same shape: what the tool does, who it is for, which platforms it runs on, how it is
        priced and what it connects to. Tools are sorted into eighteen categories, from AI &amp; Machine Learning to
        Utilities, so you can compare like with like.
      </p>
      <h2>How tools get listed</h2>
      <ul>
        <li>
          Anyone can <PageLink to="/submit-tool">submit a tool</PageLink> for free. A person reviews each submission
          before it appears in lists and search.
        </li>
        <li>We also add tools ourselves, including new launches we think are worth a look.</li>
        <li>Listings that stop working or change what they do are corrected or removed.</li>
      </ul>
      <h2>Featured listings</h2>
      <p>
        Owners can pay to feature a tool for one year. Featured tools are always marked as such, and they are placed
        higher — a larger payment ranks higher. Payment never buys a review, a rating or a place in a tool&apos;s own
        description, and nothing is featured unless the payment has been confirmed.{" "}
        <PageLink to="/ranking">How ranking works</PageLink> says exactly what a payment changes and what it does not.
      </p>
      {testMode && (
        <>
          {/* Where the test-mode banner's link leads. */}
          <h2 id="test-mode">Test mode</h2>
          <p>{TEST_MODE_BANNER} Nothing featured on this site has been paid for with real money.</p>
        </>
      )}
      <h2>Likes</h2>
      <p>
        You can like tools without an account. Each browser counts once per tool, so the numbers reflect people, not
        scripts.
      </p>
      <h2>Get in touch</h2>
      <p>
        Found a mistake, or want your listing changed? <PageLink to="/contact">Send us a message</PageLink>.
      </p>
    </Prose>
  );
}
