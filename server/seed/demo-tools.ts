import type { CategorySlug } from "../../core/categories.ts";
import type { Platform } from "../../core/platforms.ts";
import type { PricingModel } from "../../core/pricing.ts";

/** One tool of the demo catalogue; times are relative to the moment of seeding. */
export interface DemoTool {
  name: string;
  tagline: string; // <= 90 chars, no trailing period
  websiteUrl: string; // the product's real https homepage
  description: string; // 2–4 short paragraphs of plain text separated by "\n\n"; may use a single "\n" for a line break inside a paragraph; 300–900 chars
  categories: CategorySlug[]; // 1–3, first is the primary category
  tags: string[]; // 3–8 lowercase tags, e.g. "note-taking", "wiki"
  platforms: Platform[]; // 1–6
  pricingModel: PricingModel;
  pricingDetails: string; // one or two sentences, e.g. "Free for personal use; Plus from $10 per seat per month."
  features: string[]; // 3–6 short items
  useCases: string[]; // 2–4
  integrations: string[]; // 0–8 product names
  targetAudience: string[]; // 2–4
  upvotes: number; // 0–900, varied
  addedDaysAgo: number; // 0–400, varied, distinct-ish
  status?: "pending"; // only on the pending ones
  featured?: { amountUsd: number; paidDaysAgo: number }; // only on the featured ones
}

/**
 * The demo catalogue, grouped by primary category. All copy is original to this file.
 * Five tools carry a live featured payment, one carries a payment older than a year (no longer
 * featured), and four are still pending review.
 */
export const DEMO_TOOLS: readonly DemoTool[] = [
  // ── AI & Machine Learning ────────────────────────────────────────────────
  {
    name: "ChatGPT",
    tagline: "Conversational AI assistant for writing, research, coding and everyday questions",
    websiteUrl: "https://chatgpt.com",
    description:
      "ChatGPT is the chat assistant from OpenAI. You type or speak a request and it replies in plain language: it drafts text, explains ideas, writes and reviews code, or works through a problem one step at a time.\n\n" +
      "A conversation can include uploaded files, screenshots and photos. Paid plans unlock stronger models, higher limits, deeper research runs and custom assistants that remember instructions for a recurring job.\n\n" +
      "It works in the browser, as a desktop app and on phones, and the same models are available to developers through the OpenAI API.",
    categories: ["ai", "productivity", "content"],
    tags: ["chatbot", "llm", "writing-assistant", "coding-help", "research"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Free tier with usage limits; Plus costs $20 per month, with Pro, Business and Enterprise plans above it.",
    features: [
      "Chat that keeps the context of the conversation",
      "File, image and voice input",
      "Web search with linked sources",
      "Custom GPTs for repeatable tasks",
      "Desktop and mobile apps",
    ],
    useCases: [
      "Drafting and polishing emails, posts and reports",
      "Explaining unfamiliar code or concepts",
      "Summarising long documents",
    ],
    integrations: ["Google Drive", "Microsoft OneDrive", "Slack", "GitHub", "Zapier"],
    targetAudience: ["Knowledge workers", "Students", "Developers", "Writers"],
    upvotes: 874,
    addedDaysAgo: 392,
  },
  {
    name: "Midjourney",
    tagline: "Text-to-image generator known for painterly, highly stylised results",
    websiteUrl: "https://www.midjourney.com",
    description:
      "Midjourney turns a written prompt into a set of images. It is popular with illustrators and art directors because its default look is rich and cinematic, and because small wording changes can steer style, lighting and composition.\n\n" +
      "Images are made in a web app where you can vary, upscale, extend or remix results, use reference images to keep a character or style consistent, and browse what other members are creating.\n\n" +
      "Newer model versions also produce short video clips from a still image.",
    categories: ["ai", "design", "content"],
    tags: ["image-generation", "generative-art", "text-to-image", "illustration"],
    platforms: ["Web"],
    pricingModel: "Paid",
    pricingDetails: "No free tier; plans start at $10 per month and larger plans add more fast GPU time and private generation.",
    features: [
      "Prompt-based image generation",
      "Variations, upscaling and zoom-out",
      "Style and character references",
      "Image-to-video animation",
      "Community gallery for inspiration",
    ],
    useCases: ["Concept art and mood boards", "Illustrations for articles and decks", "Exploring visual directions before a shoot"],
    integrations: ["Discord"],
    targetAudience: ["Illustrators", "Art directors", "Game designers", "Marketers"],
    upvotes: 712,
    addedDaysAgo: 371,
  },
  {
    name: "Perplexity",
    tagline: "AI answer engine that searches the web and cites every source it uses",
    websiteUrl: "https://www.perplexity.ai",
    description:
      "Perplexity answers questions by searching the web in real time and writing a short summary with numbered citations, so you can check where each claim comes from.\n\n" +
      "Follow-up questions keep the context of the thread, Spaces group related research with your own files, and a deeper research mode reads many more sources before writing a longer report.\n\n" +
      "It is available on the web, on phones and on the desktop, and its search models are also sold to developers as an API.",
    categories: ["ai", "productivity", "education"],
    tags: ["answer-engine", "search", "citations", "research", "llm"],
    platforms: ["Web", "iOS", "Android", "macOS", "API", "Browser Extension"],
    pricingModel: "Freemium",
    pricingDetails: "Free for everyday searches; Pro costs $20 per month and adds more advanced searches and model choice.",
    features: [
      "Answers with inline source citations",
      "Threaded follow-up questions",
      "Deep research reports",
      "Spaces for shared research and files",
      "Developer API",
    ],
    useCases: ["Quick fact-finding with sources", "Background research for articles", "Comparing products before buying"],
    integrations: ["Google Drive", "Microsoft OneDrive", "Dropbox", "Slack"],
    targetAudience: ["Researchers", "Journalists", "Students", "Analysts"],
    upvotes: 538,
    addedDaysAgo: 233,
  },
  {
    name: "ElevenLabs",
    tagline: "Lifelike AI voices for narration, dubbing and conversational agents",
    websiteUrl: "https://elevenlabs.io",
    description:
      "ElevenLabs generates speech that sounds close to a human reader. You paste a script, pick a voice from a large library or clone your own from a sample, and get audio with natural pacing and emotion.\n\n" +
      "Beyond plain text to speech it can dub video into other languages while keeping the original speaker's voice, transcribe audio, create sound effects and power voice agents that hold a spoken conversation.\n\n" +
      "Everything in the studio is also exposed through an API with low-latency streaming.",
    categories: ["ai", "content"],
    tags: ["text-to-speech", "voice-cloning", "dubbing", "audio", "voice-ai"],
    platforms: ["Web", "iOS", "Android", "API"],
    pricingModel: "Freemium",
    pricingDetails: "A free plan includes a small monthly character allowance; paid plans start at $5 per month.",
    features: [
      "Text to speech in many languages",
      "Voice cloning from short samples",
      "Automatic video dubbing",
      "Speech to text and sound effects",
      "Streaming API for real-time apps",
    ],
    useCases: ["Narrating audiobooks and explainers", "Localising video content", "Building voice assistants"],
    integrations: ["Zapier", "Twilio", "Descript", "Canva"],
    targetAudience: ["Content creators", "Publishers", "Game studios", "Developers"],
    upvotes: 341,
    addedDaysAgo: 121,
  },

  // ── Productivity ─────────────────────────────────────────────────────────
  {
    name: "Notion",
    tagline: "Connected workspace for notes, docs, wikis and lightweight databases",
    websiteUrl: "https://www.notion.com",
    description:
      "Notion combines documents and databases in one flexible editor. Every page is built from blocks, so a single page can hold meeting notes, a task board, an embedded file and a table of linked records.\n\n" +
      "Teams use it as a company wiki, a project tracker or a content calendar, and templates make it quick to start. Its built-in AI can draft, summarise and answer questions about your workspace.\n\n" +
      "Pages can be shared privately, published to the web or connected to other services through the public API.",
    categories: ["productivity", "project-management"],
    tags: ["note-taking", "wiki", "docs", "databases", "knowledge-base", "templates"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Free for individuals; Plus costs $10 per seat per month billed yearly, with Business and Enterprise plans above.",
    features: [
      "Block-based pages and nested sub-pages",
      "Databases with board, table, calendar and timeline views",
      "Team wikis with permissions",
      "Built-in AI writing and Q&A",
      "Thousands of community templates",
    ],
    useCases: ["Running a team wiki", "Planning content and projects", "Personal notes and journaling"],
    integrations: ["Slack", "GitHub", "Google Drive", "Figma", "Jira", "Zapier"],
    targetAudience: ["Startups", "Students", "Product teams", "Freelancers"],
    upvotes: 866,
    addedDaysAgo: 380,
    featured: { amountUsd: 600, paidDaysAgo: 12 },
  },
  {
    name: "Obsidian",
    tagline: "Private, local-first note-taking built on plain Markdown files",
    websiteUrl: "https://obsidian.md",
    description:
      "Obsidian keeps your notes as ordinary text files in a folder on your own device, so they stay readable by any other app and never depend on a company's servers.\n\n" +
      "Notes link to each other with simple wiki-style links, and a graph view shows how ideas connect. A large community has written plugins and themes for calendars, kanban boards, spaced repetition and much more.\n\n" +
      "Optional paid services add end-to-end encrypted sync between devices and one-click publishing of notes as a website.",
    categories: ["productivity", "education"],
    tags: ["note-taking", "markdown", "personal-knowledge", "local-first", "backlinks"],
    platforms: ["Windows", "macOS", "Linux", "iOS", "Android"],
    pricingModel: "Freemium",
    pricingDetails: "Free for personal and commercial use; Sync and Publish are optional paid add-ons billed monthly or yearly.",
    features: [
      "Notes stored as local Markdown files",
      "Bidirectional links and graph view",
      "Canvas for visual thinking",
      "Thousands of community plugins",
      "Encrypted sync add-on",
    ],
    useCases: ["Building a personal knowledge base", "Research notes and literature reviews", "Daily journaling"],
    integrations: ["Zotero", "Readwise", "Git", "Excalidraw"],
    targetAudience: ["Researchers", "Writers", "Developers", "Students"],
    upvotes: 689,
    addedDaysAgo: 301,
  },
  {
    name: "Todoist",
    tagline: "Fast to-do list that captures tasks in plain language and keeps them organised",
    websiteUrl: "https://www.todoist.com",
    description:
      "Todoist is a task manager built around quick capture. Typing something like 'send invoice every Friday' creates a recurring task with the right due date, so adding work takes seconds.\n\n" +
      "Tasks live in projects and sections, can be filtered by label, priority or date, and shown as a list, a board or a calendar. Shared projects let families and small teams divide work.\n\n" +
      "Apps are available on nearly every device, and a browser extension turns web pages and emails into tasks.",
    categories: ["productivity", "project-management"],
    tags: ["to-do-list", "task-management", "gtd", "reminders", "planning"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS", "Browser Extension"],
    pricingModel: "Freemium",
    pricingDetails: "Free for up to five personal projects; Pro and Business plans are billed per user each month.",
    features: [
      "Natural-language dates and recurring tasks",
      "Projects, sections, labels and filters",
      "List, board and calendar layouts",
      "Shared projects with comments",
      "Email forwarding and browser capture",
    ],
    useCases: ["Managing personal errands and habits", "Planning a weekly work schedule", "Coordinating chores in a household"],
    integrations: ["Google Calendar", "Gmail", "Outlook", "Slack", "Zapier", "Alexa"],
    targetAudience: ["Professionals", "Students", "Small teams"],
    upvotes: 455,
    addedDaysAgo: 288,
  },
  {
    name: "Things 3",
    tagline: "Elegant personal task manager for Mac, iPhone and iPad",
    websiteUrl: "https://culturedcode.com/things",
    description:
      "Things is a to-do app made by a small studio in Germany and known for its calm, carefully designed interface. Tasks flow through Inbox, Today, Upcoming and Anytime lists, and bigger goals become projects grouped into areas of your life.\n\n" +
      "A quick-entry window captures tasks from anywhere on the Mac, and your calendar events appear next to today's tasks so the day can be planned in one view.\n\n" +
      "Everything syncs through the free Things Cloud service.",
    categories: ["productivity"],
    tags: ["to-do-list", "task-management", "apple", "gtd"],
    platforms: ["macOS", "iOS"],
    pricingModel: "One-time Purchase",
    pricingDetails: "Bought once per platform with no subscription; the Mac version has a free 15-day trial.",
    features: [
      "Today, Upcoming and Anytime views",
      "Projects with headings and checklists",
      "Quick Entry from any app",
      "Calendar events alongside tasks",
      "Free Things Cloud sync",
    ],
    useCases: ["Planning the day each morning", "Organising personal projects by area of life"],
    integrations: ["Apple Shortcuts", "Apple Reminders", "Apple Calendar", "Siri"],
    targetAudience: ["Apple users", "Professionals", "Freelancers"],
    upvotes: 233,
    addedDaysAgo: 164,
  },
  {
    name: "Grammarly",
    tagline: "Writing assistant that fixes grammar and suggests clearer wording as you type",
    websiteUrl: "https://www.grammarly.com",
    description:
      "Grammarly checks your writing wherever you type: in the browser, in email, in word processors and in chat apps. It underlines spelling and grammar mistakes and explains each suggested fix.\n\n" +
      "Beyond correctness it flags wordy or unclear sentences, adjusts tone for the audience, and can rewrite or generate text with its AI features. Teams can share a style guide so everyone follows the same terms and voice.\n\n" +
      "The basic checks are free; deeper rewrites need a paid plan.",
    categories: ["productivity", "content", "ai"],
    tags: ["grammar-checker", "writing-assistant", "proofreading", "tone"],
    platforms: ["Web", "Browser Extension", "Windows", "macOS", "iOS", "Android"],
    pricingModel: "Freemium",
    pricingDetails: "Free spelling and grammar checks; Pro adds full-sentence rewrites, tone tools and more AI prompts.",
    features: [
      "Real-time spelling and grammar checks",
      "Clarity and conciseness suggestions",
      "Tone detection and adjustment",
      "Generative AI rewriting",
      "Shared team style guides",
    ],
    useCases: ["Proofreading emails before sending", "Polishing essays and reports", "Keeping brand voice consistent"],
    integrations: ["Google Docs", "Microsoft Word", "Gmail", "Outlook", "Slack"],
    targetAudience: ["Students", "Non-native English speakers", "Marketing teams", "Professionals"],
    upvotes: 602,
    addedDaysAgo: 345,
  },
  {
    name: "Heptabase",
    tagline: "Visual note-taking on whiteboards for working through complex topics",
    websiteUrl: "https://heptabase.com",
    description:
      "Heptabase is a note-taking app built around infinite whiteboards. Each note is a card that can sit on several boards at once, so you can arrange, connect and group ideas spatially while keeping one source of truth.\n\n" +
      "It is designed for deep learning and research: you can import PDFs and highlight them, pull highlights into cards, and slowly build a map of a subject.\n\n" +
      "A journal, tags with properties and an AI assistant round out the workspace.",
    categories: ["productivity", "education"],
    tags: ["whiteboard", "note-taking", "visual-thinking", "research", "pdf-annotation"],
    platforms: ["Web", "macOS", "Windows", "Linux", "iOS", "Android"],
    pricingModel: "Subscription",
    pricingDetails: "Paid subscription billed monthly or yearly after a free trial.",
    features: [
      "Infinite whiteboards of note cards",
      "Cards reused across many boards",
      "PDF import and highlighting",
      "Daily journal",
      "Tags with database-style properties",
    ],
    useCases: ["Mapping a research topic", "Studying for exams", "Planning a book or long article"],
    integrations: ["Readwise", "Zotero", "Notion"],
    targetAudience: ["Researchers", "Students", "Writers"],
    upvotes: 3,
    addedDaysAgo: 1,
    status: "pending",
  },

  // ── Design ───────────────────────────────────────────────────────────────
  {
    name: "Figma",
    tagline: "Collaborative interface design and prototyping in the browser",
    websiteUrl: "https://www.figma.com",
    description:
      "Figma is a design tool where a whole team can work on the same file at the same time. Designers lay out screens, build reusable components and variables, and link frames into clickable prototypes.\n\n" +
      "Developers inspect measurements and code snippets in Dev Mode, product managers leave comments in context, and FigJam gives everyone a whiteboard for workshops and diagrams.\n\n" +
      "Because it runs in the browser, sharing a design is as simple as sending a link.",
    categories: ["design", "development"],
    tags: ["ui-design", "prototyping", "design-systems", "collaboration", "whiteboard"],
    platforms: ["Web", "macOS", "Windows", "iOS", "Android", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Free Starter plan with limited files; paid plans are billed per editor seat.",
    features: [
      "Real-time multiplayer editing",
      "Components, variables and auto layout",
      "Interactive prototypes",
      "Dev Mode for handoff",
      "FigJam whiteboards",
      "Plugin and widget ecosystem",
    ],
    useCases: ["Designing web and mobile interfaces", "Maintaining a design system", "Running remote design workshops"],
    integrations: ["Slack", "Jira", "Linear", "Notion", "GitHub", "Zeplin"],
    targetAudience: ["Product designers", "Front-end developers", "Product managers"],
    upvotes: 821,
    addedDaysAgo: 365,
    featured: { amountUsd: 250, paidDaysAgo: 30 },
  },
  {
    name: "Canva",
    tagline: "Drag-and-drop design for social posts, slides, videos and print",
    websiteUrl: "https://www.canva.com",
    description:
      "Canva makes graphic design approachable for people who are not designers. You start from one of a huge number of templates, swap in your own text, photos and colours, and export for social media, presentations, posters or print.\n\n" +
      "It includes a stock library, a simple video editor, whiteboards, and AI tools that remove backgrounds, resize a design for other formats or generate images from a prompt.\n\n" +
      "Brand kits keep logos, fonts and colours consistent across a team.",
    categories: ["design", "content", "social"],
    tags: ["graphic-design", "templates", "presentations", "social-graphics", "video-editing"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS"],
    pricingModel: "Freemium",
    pricingDetails: "Free plan with many templates; Canva Pro and Canva Teams unlock premium assets, brand kits and AI tools.",
    features: [
      "Large template library",
      "Stock photos, video and graphics",
      "Background remover and magic resize",
      "Brand kits for teams",
      "Print ordering",
    ],
    useCases: ["Creating social media graphics", "Designing pitch decks", "Making flyers and invitations"],
    integrations: ["Google Drive", "Dropbox", "Instagram", "HubSpot", "Slack", "Mailchimp"],
    targetAudience: ["Small businesses", "Social media managers", "Teachers", "Students"],
    upvotes: 777,
    addedDaysAgo: 356,
  },
  {
    name: "Framer",
    tagline: "Design and publish responsive websites without writing code",
    websiteUrl: "https://www.framer.com",
    description:
      "Framer is a website builder that feels like a design tool. You lay out pages on a canvas, add animations and interactions, and publish straight to a fast hosted site with your own domain.\n\n" +
      "It includes a content management system for blogs and listings, built-in localisation and analytics, and AI that can generate a first draft of a page from a short description.\n\n" +
      "Designers who already know Figma tend to feel at home quickly.",
    categories: ["design", "development", "marketing"],
    tags: ["website-builder", "no-code", "landing-pages", "web-design", "cms"],
    platforms: ["Web", "macOS", "Windows"],
    pricingModel: "Freemium",
    pricingDetails: "Free to build and publish on a Framer subdomain; paid site plans add a custom domain and higher limits.",
    features: [
      "Visual canvas with responsive breakpoints",
      "Animations and scroll effects",
      "Built-in CMS",
      "Hosting, SSL and analytics included",
      "AI page generation",
    ],
    useCases: ["Launching a startup landing page", "Building a design portfolio", "Running a marketing site without developers"],
    integrations: ["Figma", "HubSpot", "Mailchimp", "Google Analytics", "Calendly"],
    targetAudience: ["Designers", "Startups", "Marketers"],
    upvotes: 402,
    addedDaysAgo: 199,
  },
  {
    name: "Pixelmator Pro",
    tagline: "Powerful Mac image editor with machine-learning tools and no subscription",
    websiteUrl: "https://www.pixelmator.com/pro",
    description:
      "Pixelmator Pro is a photo editor and graphic design app built only for the Mac, with a clean interface that feels native to macOS.\n\n" +
      "It covers non-destructive layers and adjustments, RAW photo editing, vector shapes and text, and a set of machine-learning tools that upscale small images, remove unwanted objects, select subjects and cut out backgrounds in a click.\n\n" +
      "It opens and saves Photoshop files, so it fits into existing workflows.",
    categories: ["design", "content"],
    tags: ["photo-editing", "image-editor", "raw", "mac-app"],
    platforms: ["macOS"],
    pricingModel: "One-time Purchase",
    pricingDetails: "A single purchase on the Mac App Store with no subscription; a free trial is available.",
    features: [
      "Non-destructive layers and effects",
      "RAW photo editing",
      "ML Super Resolution upscaling",
      "One-click background removal",
      "Photoshop file support",
    ],
    useCases: ["Retouching photos", "Designing social graphics and posters"],
    integrations: ["Apple Photos", "Apple Shortcuts"],
    targetAudience: ["Photographers", "Designers", "Mac users"],
    upvotes: 147,
    addedDaysAgo: 118,
  },

  // ── Development ──────────────────────────────────────────────────────────
  {
    name: "Visual Studio Code",
    tagline: "Free, extensible code editor from Microsoft for almost every language",
    websiteUrl: "https://code.visualstudio.com",
    description:
      "Visual Studio Code is a lightweight but capable source-code editor. Out of the box it offers syntax highlighting, smart completion, a built-in terminal, Git integration and a debugger for many languages.\n\n" +
      "Its extension marketplace adds support for nearly any language, framework or tool, and remote development lets you edit code that lives in a container, on a server or in WSL as if it were local.\n\n" +
      "AI pair programming is available through GitHub Copilot.",
    categories: ["development"],
    tags: ["code-editor", "ide", "open-source", "extensions", "debugging"],
    platforms: ["Windows", "macOS", "Linux", "Web"],
    pricingModel: "Free",
    pricingDetails: "Free to use, including for commercial work; the core is open source under the MIT license.",
    features: [
      "IntelliSense code completion",
      "Built-in Git and terminal",
      "Debugger for many runtimes",
      "Huge extension marketplace",
      "Remote development over SSH and containers",
    ],
    useCases: ["Everyday software development", "Editing configuration and scripts", "Teaching programming"],
    integrations: ["GitHub", "GitHub Copilot", "Docker", "Azure", "Git"],
    targetAudience: ["Software developers", "Data scientists", "Students"],
    upvotes: 898,
    addedDaysAgo: 398,
  },
  {
    name: "GitHub",
    tagline: "Home for code: Git hosting, pull requests, CI and project planning",
    websiteUrl: "https://github.com",
    description:
      "GitHub hosts Git repositories and the collaboration around them. Developers propose changes through pull requests, review code line by line and discuss work in issues.\n\n" +
      "Actions runs tests and deployments on every push, Codespaces provides ready-to-code cloud environments, and Copilot suggests code as you type. Security features scan dependencies and secrets automatically.\n\n" +
      "It is also where most of the world's open-source projects live.",
    categories: ["development", "project-management", "security"],
    tags: ["git", "version-control", "code-review", "ci-cd", "open-source"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Free for public and private repositories; Team and Enterprise plans are billed per user per month.",
    features: [
      "Repositories and pull requests",
      "GitHub Actions CI/CD",
      "Issues and Projects boards",
      "Codespaces cloud environments",
      "Dependency and secret scanning",
    ],
    useCases: ["Hosting and reviewing code", "Automating builds and releases", "Running an open-source project"],
    integrations: ["Slack", "Visual Studio Code", "Jira", "Linear", "Vercel", "Microsoft Teams"],
    targetAudience: ["Developers", "Engineering teams", "Open-source maintainers"],
    upvotes: 845,
    addedDaysAgo: 387,
  },
  {
    name: "Vercel",
    tagline: "Frontend cloud that deploys every Git push with a preview URL",
    websiteUrl: "https://vercel.com",
    description:
      "Vercel hosts web applications and makes deployment nearly invisible. Connect a Git repository and every push builds automatically; each pull request gets its own preview link that reviewers can click.\n\n" +
      "It is made by the team behind Next.js but supports most modern frameworks, serving static files and server functions from a global edge network.\n\n" +
      "Built-in analytics, logs, image optimisation and an AI SDK help teams ship and measure fast sites.",
    categories: ["development"],
    tags: ["hosting", "deployment", "serverless", "nextjs", "edge"],
    platforms: ["Web", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Hobby plan is free for personal projects; Pro costs $20 per member per month plus usage above included limits.",
    features: [
      "Git-based automatic deployments",
      "Preview URL for every branch",
      "Serverless and edge functions",
      "Web analytics and speed insights",
      "Image optimisation",
    ],
    useCases: ["Hosting a Next.js app", "Sharing previews with reviewers", "Deploying marketing sites"],
    integrations: ["GitHub", "GitLab", "Bitbucket", "Slack", "Contentful", "Stripe"],
    targetAudience: ["Frontend developers", "Startups", "Agencies"],
    upvotes: 517,
    addedDaysAgo: 262,
  },
  {
    name: "Postman",
    tagline: "API platform for designing, testing and documenting HTTP APIs",
    websiteUrl: "https://www.postman.com",
    description:
      "Postman started as a simple way to send HTTP requests and grew into a full workspace for APIs. You build requests, save them into collections, and check responses with scripted tests.\n\n" +
      "Environments switch between local, staging and production values, mock servers stand in for APIs that do not exist yet, and monitors run collections on a schedule.\n\n" +
      "Collections double as living documentation that teammates and partners can explore.",
    categories: ["development"],
    tags: ["api-testing", "rest", "graphql", "api-docs", "mock-server"],
    platforms: ["Windows", "macOS", "Linux", "Web", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Free for individuals and small teams; paid plans add collaboration features and are billed per user.",
    features: [
      "Request builder for REST, GraphQL and gRPC",
      "Collections and environments",
      "Scripted tests and collection runner",
      "Mock servers",
      "Generated API documentation",
    ],
    useCases: ["Debugging an API during development", "Automating API regression tests", "Publishing API docs to partners"],
    integrations: ["GitHub", "GitLab", "Jenkins", "Slack", "Datadog"],
    targetAudience: ["Backend developers", "QA engineers", "API product teams"],
    upvotes: 476,
    addedDaysAgo: 310,
  },
  {
    name: "Hoppscotch",
    tagline: "Open-source, lightweight alternative to desktop API clients",
    websiteUrl: "https://hoppscotch.io",
    description:
      "Hoppscotch is an API development tool that runs in the browser and loads almost instantly. You can send REST and GraphQL requests, open WebSocket and server-sent event connections, and organise requests into collections.\n\n" +
      "Because it is open source, teams can self-host the whole platform on their own infrastructure and keep request data in-house.\n\n" +
      "Desktop apps and a browser extension help with requests that a normal web page is not allowed to make.",
    categories: ["development"],
    tags: ["api-client", "open-source", "rest", "graphql", "websocket"],
    platforms: ["Web", "Windows", "macOS", "Linux", "Browser Extension"],
    pricingModel: "Freemium",
    pricingDetails: "Free and open source, including the hosted version; an enterprise edition adds SSO and admin controls.",
    features: [
      "REST, GraphQL and realtime protocols",
      "Collections and environments",
      "Team workspaces",
      "Self-hostable",
      "Command-line runner for CI",
    ],
    useCases: ["Testing APIs without installing heavy software", "Sharing request collections with a team"],
    integrations: ["GitHub", "Postman", "Insomnia"],
    targetAudience: ["Developers", "QA engineers", "Self-hosters"],
    upvotes: 11,
    addedDaysAgo: 3,
    status: "pending",
  },

  // ── Marketing ────────────────────────────────────────────────────────────
  {
    name: "Mailchimp",
    tagline: "Email marketing and automation for small and growing businesses",
    websiteUrl: "https://mailchimp.com",
    description:
      "Mailchimp helps businesses build an email list and send campaigns to it. A drag-and-drop editor and templates make newsletters quick to design, and audiences can be segmented by behaviour, purchases or signup source.\n\n" +
      "Automations send welcome series, abandoned-cart reminders and birthday messages without manual work, while reports track opens, clicks and revenue.\n\n" +
      "It also offers landing pages, signup forms and SMS for supported countries.",
    categories: ["marketing", "ecommerce"],
    tags: ["email-marketing", "newsletters", "automation", "segmentation"],
    platforms: ["Web", "iOS", "Android", "API"],
    pricingModel: "Freemium",
    pricingDetails: "A free plan covers a small contact list; paid plans are priced by the number of contacts.",
    features: [
      "Drag-and-drop email builder",
      "Audience segmentation and tags",
      "Customer journey automations",
      "A/B testing",
      "Landing pages and signup forms",
    ],
    useCases: ["Sending a monthly newsletter", "Recovering abandoned carts", "Welcoming new subscribers"],
    integrations: ["Shopify", "WooCommerce", "Canva", "Stripe", "Zapier", "Salesforce"],
    targetAudience: ["Small businesses", "Online stores", "Nonprofits"],
    upvotes: 388,
    addedDaysAgo: 337,
  },
  {
    name: "Ahrefs",
    tagline: "SEO toolset for backlinks, keyword research and site audits",
    websiteUrl: "https://ahrefs.com",
    description:
      "Ahrefs crawls the web continuously and turns that data into SEO research tools. Site Explorer shows which pages of any site get search traffic and which other sites link to them.\n\n" +
      "Keywords Explorer estimates search volume and difficulty, Rank Tracker follows your positions over time, and Site Audit lists technical problems such as broken links and slow pages.\n\n" +
      "Marketers use it both to improve their own pages and to study competitors.",
    categories: ["marketing", "analytics"],
    tags: ["seo", "backlinks", "keyword-research", "site-audit", "competitor-research"],
    platforms: ["Web", "API", "Browser Extension"],
    pricingModel: "Paid",
    pricingDetails: "Paid plans start with Lite and scale with usage limits and seats; free Webmaster Tools cover sites you own.",
    features: [
      "Backlink and organic traffic explorer",
      "Keyword research with difficulty scores",
      "Rank tracking",
      "Technical site audits",
      "Content gap analysis",
    ],
    useCases: ["Finding keywords to target", "Auditing a site before a redesign", "Analysing competitors' links"],
    integrations: ["Google Search Console", "Google Analytics", "Looker Studio", "WordPress"],
    targetAudience: ["SEO specialists", "Content marketers", "Agencies"],
    upvotes: 359,
    addedDaysAgo: 248,
  },
  {
    name: "HubSpot",
    tagline: "CRM platform tying together marketing, sales and customer service",
    websiteUrl: "https://www.hubspot.com",
    description:
      "HubSpot is built around a free CRM that stores contacts, companies and deals. Paid hubs add tools on top of that shared record: marketing email and landing pages, a sales pipeline with sequences, a help desk, and a website CMS.\n\n" +
      "Because every team works from the same data, a salesperson can see which emails a lead opened and support can see a customer's deal history.\n\n" +
      "A large app marketplace connects it to most other business software.",
    categories: ["marketing", "support", "analytics"],
    tags: ["crm", "marketing-automation", "sales-pipeline", "inbound", "lead-generation"],
    platforms: ["Web", "iOS", "Android", "API", "Browser Extension"],
    pricingModel: "Freemium",
    pricingDetails: "The core CRM is free; Starter, Professional and Enterprise tiers are billed per seat per month.",
    features: [
      "Free CRM with contact timeline",
      "Email marketing and landing pages",
      "Deal pipelines and sales sequences",
      "Help desk and knowledge base",
      "Reporting dashboards",
    ],
    useCases: ["Tracking leads through a sales pipeline", "Running inbound marketing campaigns", "Centralising customer records"],
    integrations: ["Gmail", "Outlook", "Slack", "Zoom", "Shopify", "Stripe", "Canva", "Zapier"],
    targetAudience: ["Small businesses", "Sales teams", "Marketing teams"],
    upvotes: 430,
    addedDaysAgo: 322,
  },
  {
    name: "Optimizely",
    tagline: "Experimentation and content platform for enterprise digital teams",
    websiteUrl: "https://www.optimizely.com",
    description:
      "Optimizely is best known for A/B testing: teams change a headline, layout or feature for a share of visitors and measure which version performs better with statistical rigour.\n\n" +
      "Feature flags let engineers roll out changes gradually, and the wider platform includes a content management system, a commerce engine and tools for planning and approving marketing content.\n\n" +
      "It is aimed at larger organisations that run many experiments across web and apps.",
    categories: ["marketing", "analytics", "development"],
    tags: ["ab-testing", "experimentation", "feature-flags", "cms", "personalisation"],
    platforms: ["Web", "API"],
    pricingModel: "Contact for Pricing",
    pricingDetails: "Pricing is quoted by the sales team based on traffic and the products you license.",
    features: [
      "Web and server-side A/B testing",
      "Feature flags and gradual rollouts",
      "Stats engine for experiment results",
      "Headless content management",
      "Audience personalisation",
    ],
    useCases: ["Testing checkout changes", "Rolling out features safely", "Personalising landing pages"],
    integrations: ["Google Analytics", "Salesforce", "Segment", "Amplitude", "Contentful"],
    targetAudience: ["Enterprise marketers", "Product teams", "Growth engineers"],
    upvotes: 96,
    addedDaysAgo: 137,
  },

  // ── Analytics ────────────────────────────────────────────────────────────
  {
    name: "Plausible",
    tagline: "Lightweight, cookie-free website analytics that respects visitor privacy",
    websiteUrl: "https://plausible.io",
    description:
      "Plausible is a simple alternative to heavyweight analytics suites. Its tracking script is tiny, sets no cookies and collects no personal data, so most sites can use it without a consent banner.\n\n" +
      "All the essentials fit on one page: visitors, pageviews, bounce rate, referrers, top pages, countries and devices, plus goals and funnels for conversions.\n\n" +
      "It is open source, hosted in the EU, and can also be self-hosted for free.",
    categories: ["analytics", "marketing", "security"],
    tags: ["web-analytics", "privacy", "gdpr", "open-source", "cookie-free"],
    platforms: ["Web", "API"],
    pricingModel: "Subscription",
    pricingDetails: "Monthly or yearly subscription priced by pageviews, after a 30-day free trial.",
    features: [
      "Script under a few kilobytes",
      "No cookies or personal data",
      "One-page dashboard",
      "Goals, funnels and custom events",
      "Shareable public dashboards",
    ],
    useCases: ["Measuring traffic to a blog", "Replacing Google Analytics on a company site", "Tracking campaign conversions"],
    integrations: ["WordPress", "Google Search Console", "Shopify", "Ghost", "Looker Studio"],
    targetAudience: ["Indie makers", "Privacy-conscious businesses", "Bloggers"],
    upvotes: 312,
    addedDaysAgo: 150,
    featured: { amountUsd: 49, paidDaysAgo: 90 },
  },
  {
    name: "Mixpanel",
    tagline: "Product analytics for understanding how people use your app",
    websiteUrl: "https://mixpanel.com",
    description:
      "Mixpanel tracks events, such as a signup, a search or a purchase, and lets product teams answer questions about them without writing SQL.\n\n" +
      "Funnels show where users drop out of a flow, retention charts show who comes back, and flows reveal the paths people take through the product. Cohorts built from any behaviour can be reused across reports or sent to marketing tools.\n\n" +
      "Session replay and experiment reports sit alongside the charts.",
    categories: ["analytics", "development"],
    tags: ["product-analytics", "funnels", "retention", "events", "cohorts"],
    platforms: ["Web", "API"],
    pricingModel: "Usage-based",
    pricingDetails: "Free up to a monthly event allowance; the Growth plan charges for events beyond it.",
    features: [
      "Event-based tracking",
      "Funnel and retention reports",
      "User flows and cohorts",
      "Session replay",
      "Warehouse connectors",
    ],
    useCases: ["Finding where onboarding loses users", "Measuring feature adoption", "Checking the impact of a release"],
    integrations: ["Segment", "Snowflake", "BigQuery", "Braze", "HubSpot", "Slack"],
    targetAudience: ["Product managers", "Growth teams", "Data analysts"],
    upvotes: 267,
    addedDaysAgo: 219,
  },
  {
    name: "Hotjar",
    tagline: "Heatmaps, session recordings and surveys that show how visitors behave",
    websiteUrl: "https://www.hotjar.com",
    description:
      "Hotjar shows what numbers alone cannot. Heatmaps reveal where people click, move and how far they scroll; recordings replay real visits so you can watch someone struggle with a form.\n\n" +
      "On-page surveys and feedback widgets ask visitors directly what they came for or what stopped them, and interview tools help recruit users for calls.\n\n" +
      "Designers and marketers use it to spot friction and to back up redesign decisions with evidence.",
    categories: ["analytics", "design", "marketing"],
    tags: ["heatmaps", "session-recording", "user-feedback", "ux-research", "surveys"],
    platforms: ["Web", "API"],
    pricingModel: "Freemium",
    pricingDetails: "A free plan covers a limited number of daily sessions; paid plans scale with traffic.",
    features: [
      "Click, move and scroll heatmaps",
      "Session recordings",
      "On-site surveys",
      "Feedback widget",
      "User interview scheduling",
    ],
    useCases: ["Finding usability problems on landing pages", "Understanding form abandonment", "Collecting visitor feedback"],
    integrations: ["Google Analytics", "HubSpot", "Slack", "Microsoft Teams", "Zapier", "Optimizely"],
    targetAudience: ["UX designers", "Marketers", "Product managers"],
    upvotes: 244,
    addedDaysAgo: 273,
  },
  {
    name: "Metabase",
    tagline: "Open-source business intelligence that anyone on the team can query",
    websiteUrl: "https://www.metabase.com",
    description:
      "Metabase connects to your database and lets people explore data by clicking through a visual query builder instead of writing SQL, while analysts can still write SQL when they want to.\n\n" +
      "Questions become charts that can be arranged into dashboards, filtered, shared by link, sent as scheduled emails or embedded inside your own product.\n\n" +
      "It can be self-hosted for free, or run on Metabase Cloud with managed upgrades and backups.",
    categories: ["analytics", "development"],
    tags: ["business-intelligence", "dashboards", "sql", "open-source", "data-visualisation"],
    platforms: ["Web", "API"],
    pricingModel: "Freemium",
    pricingDetails: "The open-source edition is free to self-host; Cloud and Pro plans are paid per month with included users.",
    features: [
      "Visual query builder",
      "SQL editor",
      "Dashboards with filters",
      "Scheduled reports and alerts",
      "Embedded analytics",
    ],
    useCases: ["Giving non-technical staff access to data", "Building an internal KPI dashboard", "Embedding charts in a SaaS app"],
    integrations: ["PostgreSQL", "MySQL", "BigQuery", "Snowflake", "Slack", "Redshift"],
    targetAudience: ["Startups", "Data analysts", "Operations teams"],
    upvotes: 198,
    addedDaysAgo: 176,
  },
  {
    name: "Umami",
    tagline: "Simple, open-source web analytics you can host yourself",
    websiteUrl: "https://umami.is",
    description:
      "Umami is a small, privacy-focused analytics tool. It collects pageviews, referrers, devices and custom events without cookies and without storing personal information.\n\n" +
      "The dashboard is clean and fast, and one installation can track many websites and share read-only views with clients.\n\n" +
      "You can run it on your own server with a PostgreSQL or MySQL database, or use Umami Cloud if you would rather not maintain it.",
    categories: ["analytics", "development"],
    tags: ["web-analytics", "open-source", "self-hosted", "privacy"],
    platforms: ["Web", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Free to self-host; Umami Cloud has a free hobby tier and paid plans for higher traffic.",
    features: [
      "Cookie-free tracking",
      "Multiple websites per install",
      "Custom events",
      "Shareable dashboards",
      "REST API",
    ],
    useCases: ["Tracking side projects privately", "Offering analytics to agency clients"],
    integrations: ["Vercel", "WordPress", "Next.js"],
    targetAudience: ["Developers", "Self-hosters", "Small agencies"],
    upvotes: 7,
    addedDaysAgo: 4,
    status: "pending",
  },

  // ── Communication ────────────────────────────────────────────────────────
  {
    name: "Slack",
    tagline: "Team messaging organised into channels, threads and huddles",
    websiteUrl: "https://slack.com",
    description:
      "Slack replaces long internal email chains with channels, one for each team, project or topic, where conversations stay searchable for everyone who joins later.\n\n" +
      "Threads keep side discussions tidy, huddles start a quick audio or video call, and clips share short recordings. Slack Connect lets you work in shared channels with other companies.\n\n" +
      "Its strength is integrations: alerts, approvals and workflows from thousands of apps can land in the right channel.",
    categories: ["communication", "productivity"],
    tags: ["team-chat", "messaging", "channels", "remote-work", "collaboration"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS", "Linux"],
    pricingModel: "Freemium",
    pricingDetails: "Free plan with 90 days of message history; Pro and Business+ plans are billed per active user.",
    features: [
      "Public and private channels",
      "Threads and huddles",
      "Slack Connect with other organisations",
      "Workflow Builder automations",
      "Thousands of app integrations",
    ],
    useCases: ["Day-to-day team communication", "Receiving alerts from other tools", "Working with agencies and clients"],
    integrations: ["Google Drive", "GitHub", "Jira", "Zoom", "Asana", "Salesforce", "Zendesk", "Notion"],
    targetAudience: ["Remote teams", "Startups", "Enterprises"],
    upvotes: 803,
    addedDaysAgo: 390,
  },
  {
    name: "Discord",
    tagline: "Voice, video and text chat for communities and groups of friends",
    websiteUrl: "https://discord.com",
    description:
      "Discord began as a chat app for gamers and became a home for all sorts of online communities. A server is split into text channels and always-open voice channels that people can drop in and out of.\n\n" +
      "Roles and permissions let moderators run large communities, bots automate moderation and games, and screen sharing works well for study sessions and watch parties.\n\n" +
      "Creators use it to gather their audience in one place, and the optional Nitro subscription adds perks.",
    categories: ["communication", "social", "entertainment"],
    tags: ["community", "voice-chat", "gaming", "servers", "bots"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS", "Linux"],
    pricingModel: "Freemium",
    pricingDetails: "Free to use; Nitro is an optional monthly subscription for larger uploads, custom emoji and better streams.",
    features: [
      "Servers with text and voice channels",
      "Screen sharing and video calls",
      "Roles and moderation tools",
      "Bots and apps",
      "Forum and stage channels",
    ],
    useCases: ["Running a fan or open-source community", "Playing games with friends", "Hosting online study groups"],
    integrations: ["Twitch", "YouTube", "Spotify", "Steam", "GitHub", "Xbox"],
    targetAudience: ["Gamers", "Online communities", "Creators"],
    upvotes: 756,
    addedDaysAgo: 359,
  },
  {
    name: "Proton Mail",
    tagline: "End-to-end encrypted email based in Switzerland",
    websiteUrl: "https://proton.me/mail",
    description:
      "Proton Mail is an email service designed so that the provider cannot read your messages. Mail between Proton users is end-to-end encrypted automatically, and you can send password-protected messages to anyone else.\n\n" +
      "It comes with a calendar, contacts and, on paid plans, custom domains, email aliases and the rest of the Proton suite, including a VPN, cloud storage and password manager.\n\n" +
      "The company is based in Switzerland and its apps are open source.",
    categories: ["communication", "security"],
    tags: ["email", "encryption", "privacy", "secure-email"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS", "Linux"],
    pricingModel: "Freemium",
    pricingDetails: "Free account with limited storage; Mail Plus and Proton Unlimited are paid monthly or yearly.",
    features: [
      "End-to-end encrypted mailbox",
      "Password-protected external messages",
      "Encrypted calendar and contacts",
      "Custom domains and aliases",
      "Bridge for desktop mail clients",
    ],
    useCases: ["Keeping personal email private", "Running a small business mailbox on a custom domain", "Sharing sensitive documents"],
    integrations: ["Thunderbird", "Apple Mail", "Microsoft Outlook", "SimpleLogin"],
    targetAudience: ["Privacy-conscious individuals", "Journalists", "Small businesses"],
    upvotes: 521,
    addedDaysAgo: 279,
  },
  {
    name: "Loom",
    tagline: "Record quick screen-and-camera videos instead of scheduling a meeting",
    websiteUrl: "https://www.loom.com",
    description:
      "Loom records your screen, your camera or both, and gives you a share link the moment you stop. Viewers can watch at their own pace, react with emoji and leave comments pinned to a timestamp.\n\n" +
      "It is used for async updates, bug reports, code walkthroughs and onboarding guides, replacing many short meetings. AI features write a title, summary and chapters automatically and can remove filler words.\n\n" +
      "Recordings are organised in a shared library with viewer insights.",
    categories: ["communication", "content", "productivity"],
    tags: ["screen-recording", "async-video", "remote-work", "video-messaging"],
    platforms: ["Web", "Browser Extension", "macOS", "Windows", "iOS", "Android"],
    pricingModel: "Freemium",
    pricingDetails: "The Starter plan is free with short recordings; Business and Enterprise plans are billed per creator.",
    features: [
      "Screen and camera recording",
      "Instant share links",
      "Time-stamped comments and reactions",
      "AI titles, summaries and chapters",
      "Viewer analytics",
    ],
    useCases: ["Async status updates", "Explaining bugs to developers", "Recording onboarding walkthroughs"],
    integrations: ["Slack", "Gmail", "Jira", "Notion", "Confluence", "Linear"],
    targetAudience: ["Remote teams", "Customer success managers", "Product teams"],
    upvotes: 349,
    addedDaysAgo: 206,
  },

  // ── Project Management ───────────────────────────────────────────────────
  {
    name: "Linear",
    tagline: "Fast, keyboard-first issue tracking for software teams",
    websiteUrl: "https://linear.app",
    description:
      "Linear is an issue tracker built for speed. Pages load instantly, nearly everything has a keyboard shortcut, and the interface stays out of the way so engineers actually keep it up to date.\n\n" +
      "Work is organised into teams, cycles for time-boxed sprints, and projects with milestones and status updates. Triage inboxes collect bugs from support and other tools, and Git integrations move issues along as pull requests merge.\n\n" +
      "Roadmaps give leadership a view across every team.",
    categories: ["project-management", "development"],
    tags: ["issue-tracking", "agile", "sprints", "roadmaps", "bug-tracking"],
    platforms: ["Web", "macOS", "Windows", "iOS", "Android", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Free for small teams with limited issues; Basic, Business and Enterprise plans are billed per user.",
    features: [
      "Keyboard-driven interface",
      "Cycles and projects",
      "Triage inbox",
      "Automatic Git status updates",
      "Roadmaps and initiatives",
    ],
    useCases: ["Planning engineering sprints", "Tracking bugs from support", "Sharing a product roadmap"],
    integrations: ["GitHub", "GitLab", "Slack", "Figma", "Zendesk", "Intercom", "Sentry"],
    targetAudience: ["Software engineers", "Product managers", "Startups"],
    upvotes: 594,
    addedDaysAgo: 210,
    featured: { amountUsd: 100, paidDaysAgo: 45 },
  },
  {
    name: "Trello",
    tagline: "Visual boards of cards for organising almost any kind of work",
    websiteUrl: "https://trello.com",
    description:
      "Trello popularised the kanban board for everyday work. A board holds lists, and each list holds cards that you drag from one stage to the next, such as To do, Doing and Done.\n\n" +
      "Cards carry checklists, due dates, attachments and comments, and Butler automation moves or updates cards based on rules you define. Power-Ups add calendars, voting and connections to other apps.\n\n" +
      "It is simple enough for a family chore chart and flexible enough for a marketing team's pipeline.",
    categories: ["project-management", "productivity"],
    tags: ["kanban", "boards", "task-management", "collaboration"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Free for individuals and small teams; Standard, Premium and Enterprise are billed per user per month.",
    features: [
      "Drag-and-drop kanban boards",
      "Checklists, labels and due dates",
      "Butler rule-based automation",
      "Calendar and timeline views",
      "Power-Ups",
    ],
    useCases: ["Tracking a content pipeline", "Planning events", "Managing a personal backlog"],
    integrations: ["Slack", "Google Drive", "Jira", "Confluence", "Microsoft Teams", "Dropbox"],
    targetAudience: ["Small teams", "Marketing teams", "Individuals"],
    upvotes: 468,
    addedDaysAgo: 400,
    featured: { amountUsd: 150, paidDaysAgo: 400 },
  },
  {
    name: "Asana",
    tagline: "Work management for planning projects and coordinating teams",
    websiteUrl: "https://asana.com",
    description:
      "Asana helps teams see who is doing what, by when. Projects can be viewed as lists, boards, timelines or calendars, and every task has one owner, a due date and a home for the related discussion.\n\n" +
      "Portfolios and goals roll many projects up for managers, forms turn requests into tasks, and rules automate routine hand-offs between teams.\n\n" +
      "It is popular with marketing, operations and product organisations that juggle many cross-functional projects at once.",
    categories: ["project-management", "productivity"],
    tags: ["project-planning", "task-management", "timelines", "workflows", "goals"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Free for small teams; Starter and Advanced plans are billed per user, with Enterprise tiers on request.",
    features: [
      "List, board, timeline and calendar views",
      "Portfolios and goals",
      "Request forms",
      "Rules and automations",
      "Workload balancing",
    ],
    useCases: ["Running marketing campaigns", "Coordinating product launches", "Handling internal requests"],
    integrations: ["Slack", "Microsoft Teams", "Google Drive", "Zoom", "Salesforce", "Figma", "Zapier"],
    targetAudience: ["Project managers", "Marketing teams", "Operations teams"],
    upvotes: 407,
    addedDaysAgo: 331,
  },

  // ── Finance ──────────────────────────────────────────────────────────────
  {
    name: "Wise",
    tagline: "Send, hold and spend money across currencies at the mid-market rate",
    websiteUrl: "https://wise.com",
    description:
      "Wise moves money between countries for a small, upfront fee and converts at the exchange rate you see on search engines, without a hidden markup.\n\n" +
      "An account can hold dozens of currencies and gives you local bank details in several of them, so you can receive a salary in euros or pounds like a local. A debit card spends in any currency at the same rate.\n\n" +
      "Businesses use it to pay international suppliers and contractors in bulk.",
    categories: ["finance"],
    tags: ["money-transfer", "multi-currency", "payments", "travel", "banking"],
    platforms: ["Web", "iOS", "Android", "API"],
    pricingModel: "Usage-based",
    pricingDetails: "No monthly fee for personal accounts; you pay a transparent fee on each conversion or transfer.",
    features: [
      "Mid-market exchange rate",
      "Multi-currency account",
      "Local account details in several currencies",
      "Debit card for spending abroad",
      "Batch payments API",
    ],
    useCases: ["Paying international freelancers", "Receiving income from abroad", "Spending while travelling"],
    integrations: ["Xero", "QuickBooks", "FreeAgent", "Google Pay", "Apple Pay"],
    targetAudience: ["Freelancers", "Expats", "Travellers", "Small businesses"],
    upvotes: 432,
    addedDaysAgo: 227,
  },
  {
    name: "YNAB",
    tagline: "Zero-based budgeting app that gives every dollar a job",
    websiteUrl: "https://www.ynab.com",
    description:
      "YNAB, short for You Need A Budget, is built on a simple method: budget only the money you actually have, assign every dollar to a purpose, and adjust when life happens.\n\n" +
      "Bank accounts can be linked for automatic imports or transactions entered by hand, and targets help you save steadily for irregular expenses like insurance or holidays.\n\n" +
      "Reports show spending and net worth over time, and one subscription can be shared with a partner or family.",
    categories: ["finance", "productivity"],
    tags: ["budgeting", "personal-finance", "money-management", "savings"],
    platforms: ["Web", "iOS", "Android"],
    pricingModel: "Subscription",
    pricingDetails: "Billed monthly or yearly after a free trial of about a month; college students get a free year.",
    features: [
      "Zero-based budget categories",
      "Bank account syncing",
      "Savings targets",
      "Spending and net-worth reports",
      "Shared budgets for families",
    ],
    useCases: ["Getting out of debt", "Saving for big expenses", "Managing household money with a partner"],
    integrations: ["Plaid", "Apple Watch", "Alexa"],
    targetAudience: ["Households", "Young professionals", "Couples"],
    upvotes: 286,
    addedDaysAgo: 184,
  },
  {
    name: "QuickBooks",
    tagline: "Accounting software for invoicing, bookkeeping and small-business taxes",
    websiteUrl: "https://quickbooks.intuit.com",
    description:
      "QuickBooks handles the day-to-day bookkeeping of a small business. It connects to bank accounts and cards, imports transactions and suggests categories, so the books stay close to up to date.\n\n" +
      "You can send invoices and accept online payments, track bills and expenses, run payroll in supported countries and produce profit and loss statements and balance sheets.\n\n" +
      "Accountants can be invited to the same company file, which makes year-end and tax filing smoother.",
    categories: ["finance"],
    tags: ["accounting", "bookkeeping", "invoicing", "small-business", "payroll"],
    platforms: ["Web", "iOS", "Android", "Windows", "API"],
    pricingModel: "Subscription",
    pricingDetails: "Monthly subscription in several tiers by features and users, often discounted for the first months.",
    features: [
      "Bank feeds with categorisation",
      "Invoices and online payments",
      "Expense and receipt capture",
      "Financial reports",
      "Accountant access",
    ],
    useCases: ["Keeping small-business books", "Invoicing clients", "Preparing for tax season"],
    integrations: ["Shopify", "PayPal", "Stripe", "Square", "Gusto", "HubSpot"],
    targetAudience: ["Small business owners", "Accountants", "Self-employed professionals"],
    upvotes: 264,
    addedDaysAgo: 347,
  },
  {
    name: "Stripe",
    tagline: "Payments infrastructure for accepting money online and in person",
    websiteUrl: "https://stripe.com",
    description:
      "Stripe gives developers and businesses the building blocks to accept payments. A few lines of code, or a hosted checkout page, let you take cards, wallets and many local payment methods around the world.\n\n" +
      "Billing handles subscriptions and invoices, Connect powers marketplaces that pay out to many sellers, Radar screens for fraud, and Terminal brings the same account to physical card readers.\n\n" +
      "Its documentation and API design are widely admired.",
    categories: ["finance", "ecommerce", "development"],
    tags: ["payments", "billing", "subscriptions", "checkout", "fraud-prevention"],
    platforms: ["Web", "API", "iOS", "Android"],
    pricingModel: "Usage-based",
    pricingDetails: "No setup or monthly fee; a percentage plus a fixed fee is charged on each successful card payment.",
    features: [
      "Online checkout and payment links",
      "Subscription billing and invoicing",
      "Marketplace payouts with Connect",
      "Radar fraud screening",
      "In-person payments with Terminal",
    ],
    useCases: ["Charging for a SaaS subscription", "Running a marketplace", "Selling online and in a shop"],
    integrations: ["Shopify", "WooCommerce", "QuickBooks", "Xero", "HubSpot", "Salesforce", "Zapier"],
    targetAudience: ["Developers", "SaaS companies", "Online businesses"],
    upvotes: 742,
    addedDaysAgo: 376,
  },

  // ── E-commerce ───────────────────────────────────────────────────────────
  {
    name: "Shopify",
    tagline: "All-in-one commerce platform for online stores and retail shops",
    websiteUrl: "https://www.shopify.com",
    description:
      "Shopify lets anyone start an online store without managing servers. You pick a theme, add products, connect a payment provider and a domain, and start selling.\n\n" +
      "It takes care of checkout, inventory, shipping labels, taxes and order management, and the point-of-sale app lets the same catalogue power a physical shop or market stall.\n\n" +
      "Thousands of apps extend it with reviews, subscriptions, loyalty programmes and more, while larger brands can build custom storefronts on its APIs.",
    categories: ["ecommerce", "marketing"],
    tags: ["online-store", "checkout", "point-of-sale", "inventory", "dropshipping"],
    platforms: ["Web", "iOS", "Android", "API"],
    pricingModel: "Subscription",
    pricingDetails: "Monthly plans after a free trial, plus card processing fees; higher tiers lower those fees.",
    features: [
      "Store themes and editor",
      "Hosted checkout",
      "Inventory and order management",
      "Point of sale for in-person selling",
      "App store with thousands of add-ons",
    ],
    useCases: ["Launching a direct-to-consumer brand", "Selling online and at markets", "Moving a store off self-hosted software"],
    integrations: ["Mailchimp", "Klaviyo", "Instagram", "Google", "QuickBooks", "Stripe", "PayPal"],
    targetAudience: ["Merchants", "Small brands", "Makers", "Retailers"],
    upvotes: 688,
    addedDaysAgo: 368,
  },
  {
    name: "WooCommerce",
    tagline: "Open-source plugin that turns a WordPress site into a store",
    websiteUrl: "https://woocommerce.com",
    description:
      "WooCommerce adds a full shop to WordPress. Because it runs on your own hosting, you own the store's data and can change nearly anything through themes, plugins or code.\n\n" +
      "It covers physical, digital and variable products, carts and checkout, taxes, coupons and shipping zones, and works with many payment gateways.\n\n" +
      "The extension marketplace adds subscriptions, bookings, memberships and integrations, which makes it a common choice for content sites that also want to sell.",
    categories: ["ecommerce", "development"],
    tags: ["wordpress", "online-store", "open-source", "plugin", "self-hosted"],
    platforms: ["Web", "iOS", "Android", "API"],
    pricingModel: "Free",
    pricingDetails: "The plugin itself is free and open source; hosting, premium themes and some extensions cost extra.",
    features: [
      "Product catalogue and variations",
      "Cart, checkout and coupons",
      "Tax and shipping settings",
      "REST API",
      "Large extension marketplace",
    ],
    useCases: ["Adding a shop to an existing WordPress site", "Selling digital downloads", "Running a fully customised store"],
    integrations: ["WordPress", "Stripe", "PayPal", "Mailchimp", "Google Analytics", "Jetpack"],
    targetAudience: ["WordPress site owners", "Agencies", "Small merchants"],
    upvotes: 356,
    addedDaysAgo: 291,
  },
  {
    name: "Gumroad",
    tagline: "Sell digital products, memberships and courses directly to your audience",
    websiteUrl: "https://gumroad.com",
    description:
      "Gumroad is a simple way for creators to sell things online. You upload an e-book, a template, a course or a piece of software, set a price or let buyers pay what they want, and share a link.\n\n" +
      "It handles payments, delivers the files, collects sales tax where required, and lets you email your customers about new releases. Memberships and subscriptions support recurring income.\n\n" +
      "There is no monthly fee, which makes it easy to test an idea.",
    categories: ["ecommerce", "content", "finance"],
    tags: ["creator-economy", "digital-products", "memberships", "payments"],
    platforms: ["Web", "iOS", "Android", "API"],
    pricingModel: "Usage-based",
    pricingDetails: "Free to sign up; Gumroad takes a percentage of each sale plus payment processing fees.",
    features: [
      "Product pages and checkout",
      "Pay-what-you-want pricing",
      "Automatic file delivery",
      "Memberships and subscriptions",
      "Customer emails and discount codes",
    ],
    useCases: ["Selling e-books and templates", "Offering paid newsletters", "Distributing indie software"],
    integrations: ["Zapier", "Discord", "Mailchimp", "Notion"],
    targetAudience: ["Creators", "Writers", "Indie developers"],
    upvotes: 221,
    addedDaysAgo: 140,
  },

  // ── Education ────────────────────────────────────────────────────────────
  {
    name: "Duolingo",
    tagline: "Bite-sized, game-like lessons for learning a new language",
    websiteUrl: "https://www.duolingo.com",
    description:
      "Duolingo breaks language learning into short lessons that take a few minutes each. Exercises mix reading, listening, speaking and translation, and the course adapts to what you keep getting wrong.\n\n" +
      "Streaks, leagues and rewards are designed to bring you back every day. Besides dozens of languages, the app also teaches maths, music and chess.\n\n" +
      "Everything can be learned for free; the Super and Max subscriptions remove ads and add practice tools.",
    categories: ["education", "entertainment"],
    tags: ["language-learning", "gamification", "mobile-learning", "vocabulary"],
    platforms: ["Web", "iOS", "Android"],
    pricingModel: "Freemium",
    pricingDetails: "Free with ads; Super and Max subscriptions remove ads and add features, with family plans available.",
    features: [
      "Short adaptive lessons",
      "Speaking and listening exercises",
      "Streaks, leagues and achievements",
      "Maths, music and chess courses",
      "AI conversation practice on Max",
    ],
    useCases: ["Building a daily language habit", "Brushing up before a trip", "Supplementing classroom lessons"],
    integrations: ["Apple Watch", "Google Classroom", "Apple Health"],
    targetAudience: ["Language learners", "Travellers", "Students"],
    upvotes: 615,
    addedDaysAgo: 314,
  },
  {
    name: "Khan Academy",
    tagline: "Free, world-class lessons and practice for learners of every age",
    websiteUrl: "https://www.khanacademy.org",
    description:
      "Khan Academy is a nonprofit offering free courses in maths, science, computing, history, economics and more, from early primary school to university level.\n\n" +
      "Each topic pairs short explanatory videos with practice exercises that give instant feedback, and mastery tracking shows what a learner has really understood.\n\n" +
      "Teachers can assign work and follow their class's progress, and Khanmigo, an AI tutor, guides students toward answers instead of giving them away.",
    categories: ["education"],
    tags: ["online-courses", "math", "science", "nonprofit", "tutoring"],
    platforms: ["Web", "iOS", "Android"],
    pricingModel: "Free",
    pricingDetails: "Free for learners and teachers, funded by donations; some AI tutoring features may carry a small fee.",
    features: [
      "Video lessons",
      "Practice with instant feedback",
      "Mastery tracking",
      "Teacher dashboards and assignments",
      "AI tutor Khanmigo",
    ],
    useCases: ["Homework help", "Preparing for exams", "Classroom practice assignments"],
    integrations: ["Google Classroom", "Clever", "Canvas"],
    targetAudience: ["Students", "Teachers", "Parents", "Adult learners"],
    upvotes: 582,
    addedDaysAgo: 353,
  },
  {
    name: "Anki",
    tagline: "Open-source flashcards with spaced repetition for long-term memory",
    websiteUrl: "https://apps.ankiweb.net",
    description:
      "Anki is a flashcard program that schedules reviews at growing intervals, showing a card just before you would forget it. The result is that large amounts of information can be remembered with a modest daily effort.\n\n" +
      "Cards can hold text, images, audio and formulas, and shared decks cover medicine, languages, law and much more. Add-ons change almost every part of the app.\n\n" +
      "Progress syncs between desktop, phone and the web through the free AnkiWeb service.",
    categories: ["education", "productivity"],
    tags: ["flashcards", "spaced-repetition", "memorisation", "open-source", "study"],
    platforms: ["Windows", "macOS", "Linux", "iOS", "Android", "Web"],
    pricingModel: "Free",
    pricingDetails: "Free on desktop, Android and the web; the official iOS app is a one-off purchase that funds development.",
    features: [
      "Spaced repetition scheduling",
      "Rich media cards",
      "Shared community decks",
      "Add-ons",
      "Free sync through AnkiWeb",
    ],
    useCases: ["Studying for medical exams", "Learning vocabulary", "Memorising facts for certifications"],
    integrations: ["AnkiWeb", "AnkiConnect"],
    targetAudience: ["Medical students", "Language learners", "Lifelong learners"],
    upvotes: 301,
    addedDaysAgo: 258,
  },

  // ── Health ───────────────────────────────────────────────────────────────
  {
    name: "Headspace",
    tagline: "Guided meditation, sleep sounds and mindfulness exercises",
    websiteUrl: "https://www.headspace.com",
    description:
      "Headspace teaches meditation in friendly, approachable steps. Beginner courses explain the basics, and a library of guided sessions covers stress, focus, relationships and grief.\n\n" +
      "Sleepcasts and wind-down exercises help you fall asleep, short mindful moments fit into a busy day, and movement sessions add gentle exercise.\n\n" +
      "Many employers offer it as a benefit, and a mental health coaching service is available in some regions.",
    categories: ["health", "education"],
    tags: ["meditation", "mindfulness", "sleep", "mental-health", "stress"],
    platforms: ["Web", "iOS", "Android"],
    pricingModel: "Subscription",
    pricingDetails: "Monthly or yearly subscription after a free trial; student and family plans are discounted.",
    features: [
      "Guided meditation courses",
      "Sleepcasts and sleep music",
      "Focus music",
      "Short breathing exercises",
      "Progress tracking",
    ],
    useCases: ["Starting a meditation habit", "Falling asleep more easily", "Managing work stress"],
    integrations: ["Apple Health", "Google Fit", "Apple Watch"],
    targetAudience: ["Adults new to meditation", "Employees", "People with poor sleep"],
    upvotes: 374,
    addedDaysAgo: 243,
  },
  {
    name: "MyFitnessPal",
    tagline: "Calorie and nutrition tracker with a huge food database",
    websiteUrl: "https://www.myfitnesspal.com",
    description:
      "MyFitnessPal helps you log what you eat and see how it adds up against your goals. Searching its large database or scanning a barcode fills in calories, macros and nutrients in seconds.\n\n" +
      "Recipes can be imported and saved as meals, water and exercise can be logged too, and connected fitness apps add burned calories automatically.\n\n" +
      "Premium adds custom macro goals by meal, deeper reports and ad-free logging.",
    categories: ["health"],
    tags: ["calorie-counter", "nutrition", "diet", "fitness", "food-diary"],
    platforms: ["Web", "iOS", "Android"],
    pricingModel: "Freemium",
    pricingDetails: "Free food diary with ads; Premium is a monthly or yearly subscription.",
    features: [
      "Large food database",
      "Barcode scanner",
      "Macro and nutrient tracking",
      "Recipe importer",
      "Fitness app syncing",
    ],
    useCases: ["Losing or gaining weight", "Hitting a protein target", "Understanding eating habits"],
    integrations: ["Apple Health", "Google Fit", "Garmin Connect", "Fitbit", "Strava"],
    targetAudience: ["Dieters", "Athletes", "Fitness enthusiasts"],
    upvotes: 253,
    addedDaysAgo: 297,
  },
  {
    name: "Strava",
    tagline: "Track runs and rides and share them with a community of athletes",
    websiteUrl: "https://www.strava.com",
    description:
      "Strava records runs, rides, swims and dozens of other sports with your phone or a GPS watch, then shows distance, pace, elevation and heart rate on a map.\n\n" +
      "Its social side is the draw: friends give kudos, clubs bring local groups together, and segments turn popular stretches of road into leaderboards.\n\n" +
      "Subscribers get route planning, training progress over time, fitness and freshness charts, and safety features such as live location sharing.",
    categories: ["health", "social"],
    tags: ["running", "cycling", "gps-tracking", "training", "fitness"],
    platforms: ["Web", "iOS", "Android", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Free to record and share activities; the subscription adds routes, deeper analysis and safety features.",
    features: [
      "GPS activity recording",
      "Segments and leaderboards",
      "Clubs and challenges",
      "Route builder",
      "Training and fitness analysis",
    ],
    useCases: ["Logging daily runs", "Planning cycling routes", "Staying motivated with friends"],
    integrations: ["Garmin Connect", "Apple Watch", "Wahoo", "Zwift", "Peloton", "Polar"],
    targetAudience: ["Runners", "Cyclists", "Triathletes"],
    upvotes: 467,
    addedDaysAgo: 266,
  },

  // ── Entertainment ────────────────────────────────────────────────────────
  {
    name: "Spotify",
    tagline: "Music, podcasts and audiobooks streaming on every device",
    websiteUrl: "https://www.spotify.com",
    description:
      "Spotify streams a catalogue of tens of millions of songs alongside podcasts and audiobooks. You can search for anything, follow artists and build playlists to share with friends.\n\n" +
      "It is known for personalised recommendations: weekly mixes of new music, daily playlists in your favourite styles and a yearly recap of your listening habits.\n\n" +
      "The free tier plays with ads; Premium removes them, allows offline downloads and lets you pick any song on mobile.",
    categories: ["entertainment", "social"],
    tags: ["music-streaming", "podcasts", "playlists", "audiobooks"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS", "Linux"],
    pricingModel: "Freemium",
    pricingDetails: "Free with ads; Premium is a monthly subscription with Individual, Duo, Family and Student plans.",
    features: [
      "Huge music catalogue",
      "Podcasts and audiobooks",
      "Personalised playlists",
      "Offline downloads on Premium",
      "Spotify Connect for speakers and consoles",
    ],
    useCases: ["Listening to music at work", "Discovering new artists", "Following podcasts on the commute"],
    integrations: ["Discord", "Alexa", "Google Assistant", "PlayStation", "Sonos", "Waze"],
    targetAudience: ["Music fans", "Podcast listeners", "Commuters"],
    upvotes: 834,
    addedDaysAgo: 383,
  },
  {
    name: "Twitch",
    tagline: "Live streaming for gaming, music, art and just chatting",
    websiteUrl: "https://www.twitch.tv",
    description:
      "Twitch is a platform for watching and broadcasting live video. Most streams are games, but music, cooking, art and talk shows are popular too, and the live chat makes viewers part of the show.\n\n" +
      "Streamers can earn from subscriptions, Bits and ads once they qualify for the affiliate or partner programme, and tools like clips, raids and channel points help grow a community.\n\n" +
      "Watching is free; Turbo removes ads across the site.",
    categories: ["entertainment", "social", "content"],
    tags: ["live-streaming", "gaming", "esports", "creators", "chat"],
    platforms: ["Web", "iOS", "Android", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Free to watch and stream; channel subscriptions and Turbo are optional monthly purchases.",
    features: [
      "Live video with chat",
      "Clips and highlights",
      "Channel subscriptions and Bits",
      "Channel points and raids",
      "Extensions for interactive overlays",
    ],
    useCases: ["Watching favourite streamers", "Broadcasting gameplay", "Following esports events"],
    integrations: ["OBS Studio", "Discord", "StreamElements", "Streamlabs", "Amazon Prime"],
    targetAudience: ["Gamers", "Streamers", "Esports fans"],
    upvotes: 548,
    addedDaysAgo: 324,
  },
  {
    name: "Steam",
    tagline: "The largest PC game store, with a library, friends and workshop",
    websiteUrl: "https://store.steampowered.com",
    description:
      "Steam is Valve's store and launcher for PC games. It sells tens of thousands of titles, from blockbusters to tiny indie experiments, and frequent seasonal sales are an event in themselves.\n\n" +
      "Your library downloads, updates and launches games, cloud saves follow you between computers, and the Workshop hosts player-made mods. Friends lists, voice chat and Remote Play make it social.\n\n" +
      "The same library runs on the Steam Deck handheld.",
    categories: ["entertainment", "ecommerce"],
    tags: ["pc-gaming", "game-store", "indie-games", "mods"],
    platforms: ["Windows", "macOS", "Linux", "iOS", "Android", "Web"],
    pricingModel: "Free",
    pricingDetails: "The client is free; games and add-ons are bought individually, and many titles are free to play.",
    features: [
      "Huge game catalogue",
      "Automatic updates and cloud saves",
      "Steam Workshop mods",
      "Friends, chat and Remote Play",
      "User reviews and curators",
    ],
    useCases: ["Buying and managing PC games", "Playing with friends online", "Installing community mods"],
    integrations: ["Discord", "Steam Deck", "Xbox Controller", "PlayStation Controller"],
    targetAudience: ["PC gamers", "Indie game fans", "Modders"],
    upvotes: 622,
    addedDaysAgo: 338,
  },

  // ── Security ─────────────────────────────────────────────────────────────
  {
    name: "1Password",
    tagline: "Password manager that remembers every login so you do not have to",
    websiteUrl: "https://1password.com",
    description:
      "1Password stores passwords, passkeys, credit cards and private notes in an encrypted vault that only you can unlock. It fills logins automatically in the browser and in apps, and generates strong unique passwords for new accounts.\n\n" +
      "Watchtower warns about weak, reused or leaked passwords, and shared vaults make it easy for families and teams to share access safely.\n\n" +
      "Developers use its command-line tool and SSH agent to keep secrets out of code.",
    categories: ["security", "productivity"],
    tags: ["password-manager", "passkeys", "encryption", "autofill", "secrets-management"],
    platforms: ["Windows", "macOS", "Linux", "iOS", "Android", "Browser Extension"],
    pricingModel: "Paid",
    pricingDetails: "No free tier after the 14-day trial; Individual, Families, Teams and Business plans are billed monthly or yearly.",
    features: [
      "Encrypted vaults",
      "Browser and app autofill",
      "Passkey support",
      "Watchtower breach alerts",
      "Shared vaults",
      "CLI and SSH agent",
    ],
    useCases: ["Using unique passwords everywhere", "Sharing accounts in a family", "Managing team credentials"],
    integrations: ["Okta", "Microsoft Entra ID", "Slack", "GitHub", "Fastmail"],
    targetAudience: ["Families", "Businesses", "Developers"],
    upvotes: 509,
    addedDaysAgo: 283,
  },
  {
    name: "Bitwarden",
    tagline: "Open-source password manager with a generous free plan",
    websiteUrl: "https://bitwarden.com",
    description:
      "Bitwarden keeps passwords, passkeys and secure notes in an end-to-end encrypted vault that syncs across unlimited devices, even on the free plan.\n\n" +
      "Its code is open source and regularly audited, and organisations can self-host the server if they want full control. Bitwarden Send shares text or files securely with a link that expires.\n\n" +
      "Premium adds a built-in authenticator, file attachments and vault health reports for a small yearly fee.",
    categories: ["security", "productivity"],
    tags: ["password-manager", "open-source", "encryption", "self-hosted", "passkeys"],
    platforms: ["Browser Extension", "Windows", "macOS", "Linux", "iOS", "Android"],
    pricingModel: "Freemium",
    pricingDetails: "Free for individuals with unlimited devices; Premium costs $10 a year, with family and business plans.",
    features: [
      "Unlimited devices on the free plan",
      "Open-source, audited code",
      "Secure sharing with Send",
      "Self-hosting option",
      "Built-in authenticator on Premium",
    ],
    useCases: ["Switching from browser-saved passwords", "Managing company credentials", "Self-hosting a family vault"],
    integrations: ["Okta", "Microsoft Entra ID", "Duo", "YubiKey"],
    targetAudience: ["Individuals", "Businesses", "Self-hosters"],
    upvotes: 446,
    addedDaysAgo: 229,
  },
  {
    name: "Malwarebytes",
    tagline: "Malware removal and real-time protection for computers and phones",
    websiteUrl: "https://www.malwarebytes.com",
    description:
      "Malwarebytes is well known as the tool to run when a computer starts acting strangely. Its scanner finds and removes viruses, adware, spyware and potentially unwanted programs that other antivirus tools miss.\n\n" +
      "The paid version adds real-time protection that blocks threats before they run, ransomware protection and protection against malicious websites. A free browser extension blocks scams and trackers.\n\n" +
      "Business editions add central management for company devices.",
    categories: ["security", "utilities"],
    tags: ["antivirus", "malware-removal", "ransomware", "adware"],
    platforms: ["Windows", "macOS", "iOS", "Android", "Browser Extension"],
    pricingModel: "Freemium",
    pricingDetails: "Free on-demand scanner; Premium real-time protection is a yearly subscription per number of devices.",
    features: [
      "On-demand malware scanning",
      "Real-time protection",
      "Ransomware rollback",
      "Web protection against scams",
      "Browser Guard extension",
    ],
    useCases: ["Cleaning an infected computer", "Protecting family devices", "Blocking scam websites"],
    integrations: ["Windows Security", "Google Chrome", "Microsoft Edge"],
    targetAudience: ["Home users", "Small businesses", "IT support"],
    upvotes: 184,
    addedDaysAgo: 305,
  },

  // ── Social Media ─────────────────────────────────────────────────────────
  {
    name: "Buffer",
    tagline: "Plan, schedule and analyse social posts from one simple queue",
    websiteUrl: "https://buffer.com",
    description:
      "Buffer helps individuals and small teams stay consistent on social media. You write a post once, tailor it for each network and drop it into a queue that publishes at your chosen times.\n\n" +
      "A calendar view shows what is coming up, an AI assistant helps rephrase or repurpose ideas, and analytics show which posts performed best. A link-in-bio page is included.\n\n" +
      "It supports the major networks, including Instagram, LinkedIn, Threads, Bluesky, TikTok and Mastodon.",
    categories: ["social", "marketing"],
    tags: ["social-media-scheduling", "content-calendar", "analytics", "small-business"],
    platforms: ["Web", "iOS", "Android", "Browser Extension"],
    pricingModel: "Freemium",
    pricingDetails: "Free for up to three channels; paid plans are priced per connected channel per month.",
    features: [
      "Posting queue and calendar",
      "Per-network post customisation",
      "AI writing assistant",
      "Engagement analytics",
      "Link-in-bio start page",
    ],
    useCases: ["Scheduling a week of posts in one sitting", "Managing a founder's personal brand", "Reporting on social performance"],
    integrations: ["Instagram", "LinkedIn", "Canva", "Dropbox", "Google Drive", "Zapier"],
    targetAudience: ["Small businesses", "Creators", "Freelance marketers"],
    upvotes: 296,
    addedDaysAgo: 173,
  },
  {
    name: "Hootsuite",
    tagline: "Social media management suite for brands and agencies",
    websiteUrl: "https://www.hootsuite.com",
    description:
      "Hootsuite brings publishing, engagement and listening across social networks into one dashboard. Teams schedule posts in bulk, follow several accounts and keyword streams side by side, and answer comments and messages from a shared inbox.\n\n" +
      "Approval workflows keep regulated teams safe, and reports combine results from every network for clients and managers.\n\n" +
      "Social listening tracks mentions of your brand and competitors, and an AI assistant suggests captions and hashtags.",
    categories: ["social", "marketing", "analytics"],
    tags: ["social-media-management", "scheduling", "social-listening", "agencies"],
    platforms: ["Web", "iOS", "Android", "Browser Extension"],
    pricingModel: "Paid",
    pricingDetails: "Paid plans only, after a free trial; pricing is per user per month, with Enterprise quoted separately.",
    features: [
      "Bulk scheduling",
      "Stream dashboard",
      "Unified social inbox",
      "Approval workflows",
      "Social listening",
    ],
    useCases: ["Managing many brand accounts", "Answering customer messages on social", "Reporting to clients"],
    integrations: ["Canva", "Salesforce", "Microsoft Dynamics", "Google Drive", "Dropbox", "Adobe Express"],
    targetAudience: ["Social media managers", "Agencies", "Enterprises"],
    upvotes: 217,
    addedDaysAgo: 350,
  },
  {
    name: "Later",
    tagline: "Visual planner for Instagram, TikTok and other social channels",
    websiteUrl: "https://later.com",
    description:
      "Later is built around a visual content calendar. You upload photos and videos to a media library, drag them onto dates and preview how your Instagram grid will look before anything goes live.\n\n" +
      "It suggests the best times to post, helps plan hashtags, and includes a link-in-bio page that turns posts into clickable shop links.\n\n" +
      "The wider company also runs an influencer marketing platform for brands that work with creators.",
    categories: ["social", "marketing", "content"],
    tags: ["instagram", "tiktok", "content-calendar", "link-in-bio", "influencer-marketing"],
    platforms: ["Web", "iOS", "Android"],
    pricingModel: "Subscription",
    pricingDetails: "Monthly or yearly plans sized by social sets and users, with a free trial to start.",
    features: [
      "Drag-and-drop visual calendar",
      "Instagram grid preview",
      "Best time to post suggestions",
      "Link-in-bio page",
      "Media library",
    ],
    useCases: ["Planning an Instagram feed", "Scheduling short-form video", "Driving traffic from social to a shop"],
    integrations: ["Instagram", "TikTok", "Pinterest", "Canva", "Shopify", "Dropbox"],
    targetAudience: ["Creators", "Fashion and lifestyle brands", "Social media managers"],
    upvotes: 189,
    addedDaysAgo: 156,
  },
  {
    name: "Brandwatch",
    tagline: "Consumer intelligence and social listening for large brands",
    websiteUrl: "https://www.brandwatch.com",
    description:
      "Brandwatch collects public conversations from social networks, news, blogs, forums and reviews, and lets analysts search and slice them to understand what people think about a brand, a product or a topic.\n\n" +
      "Dashboards track sentiment and volume, alerts flag sudden spikes that might signal a crisis, and image recognition finds logos in photos.\n\n" +
      "Alongside listening, the suite handles publishing, engagement and influencer management for global social teams.",
    categories: ["social", "analytics", "marketing"],
    tags: ["social-listening", "consumer-insights", "sentiment-analysis", "brand-monitoring"],
    platforms: ["Web", "API"],
    pricingModel: "Contact for Pricing",
    pricingDetails: "Sold on annual contracts; pricing depends on data volume and modules and is quoted on request.",
    features: [
      "Search across social, news and forums",
      "Sentiment and trend analysis",
      "Spike alerts",
      "Logo detection in images",
      "Influencer management",
    ],
    useCases: ["Monitoring brand reputation", "Researching audience opinions", "Spotting a PR crisis early"],
    integrations: ["Tableau", "Salesforce", "Slack", "Microsoft Power BI"],
    targetAudience: ["Enterprise marketing teams", "Market researchers", "PR agencies"],
    upvotes: 58,
    addedDaysAgo: 97,
  },

  // ── Content Creation ─────────────────────────────────────────────────────
  {
    name: "Descript",
    tagline: "Edit video and podcasts by editing the transcript like a document",
    websiteUrl: "https://www.descript.com",
    description:
      "Descript transcribes your recording and lets you edit the media by editing the words. Delete a sentence from the transcript and it disappears from the video; remove every um and uh with one click.\n\n" +
      "It records screen and camera, handles multitrack podcast editing, and adds captions, layouts and scenes for social clips. Studio Sound cleans up noisy audio, and AI features can fix eye contact or regenerate a misspoken word in your own voice.\n\n" +
      "Projects can be shared and edited together.",
    categories: ["content", "ai"],
    tags: ["video-editing", "podcasting", "transcription", "screen-recording", "captions"],
    platforms: ["Web", "macOS", "Windows"],
    pricingModel: "Freemium",
    pricingDetails: "A free plan includes limited transcription hours; paid plans are billed per editor monthly or yearly.",
    features: [
      "Text-based audio and video editing",
      "Filler word removal",
      "Studio Sound audio cleanup",
      "Automatic captions",
      "Screen and camera recording",
    ],
    useCases: ["Editing podcast episodes", "Cutting social clips from long videos", "Producing tutorials"],
    integrations: ["YouTube", "Google Drive", "Dropbox", "Zoom", "Riverside"],
    targetAudience: ["Podcasters", "Video creators", "Marketing teams"],
    upvotes: 328,
    addedDaysAgo: 191,
  },
  {
    name: "CapCut",
    tagline: "Free video editor with templates and effects for short-form social video",
    websiteUrl: "https://www.capcut.com",
    description:
      "CapCut is a video editor from ByteDance that became hugely popular with TikTok and Reels creators. It makes trendy edits easy with ready-made templates, transitions, filters and a big library of effects and sounds.\n\n" +
      "Auto captions, background removal, speed ramps and keyframe animation are all a tap away on mobile, and the desktop and web versions offer a fuller timeline.\n\n" +
      "Pro features and extra cloud storage come with a subscription.",
    categories: ["content", "social"],
    tags: ["video-editing", "short-form-video", "templates", "auto-captions"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS"],
    pricingModel: "Freemium",
    pricingDetails: "Free to edit and export; CapCut Pro is a subscription that unlocks premium effects and tools.",
    features: [
      "Multi-track timeline",
      "Trending templates",
      "Automatic captions",
      "Background removal",
      "Keyframes and speed curves",
    ],
    useCases: ["Editing TikToks and Reels", "Adding captions to talking-head videos", "Making quick promo clips"],
    integrations: ["TikTok", "Instagram", "YouTube"],
    targetAudience: ["Social creators", "Small businesses", "Teenagers and students"],
    upvotes: 403,
    addedDaysAgo: 112,
  },
  {
    name: "Audacity",
    tagline: "Free, open-source audio recorder and editor for every desktop",
    websiteUrl: "https://www.audacityteam.org",
    description:
      "Audacity has been the go-to free audio editor for more than two decades. It records from a microphone or audio interface, imports most common formats, and offers cut, copy, fade and multi-track mixing.\n\n" +
      "Built-in effects reduce noise, normalise loudness and change pitch or tempo, and plugins extend it further.\n\n" +
      "It is open source, runs on Windows, macOS and Linux, and is widely used for podcasts, voice-over, digitising old recordings and teaching audio basics.",
    categories: ["content", "utilities"],
    tags: ["audio-editing", "podcasting", "open-source", "recording", "noise-reduction"],
    platforms: ["Windows", "macOS", "Linux"],
    pricingModel: "Free",
    pricingDetails: "Completely free and open source under the GPL.",
    features: [
      "Multi-track recording and editing",
      "Noise reduction",
      "Effects and plugin support",
      "Spectrogram view",
      "Export to common formats",
    ],
    useCases: ["Editing podcast audio", "Recording voice-overs", "Digitising cassettes and vinyl"],
    integrations: [],
    targetAudience: ["Podcasters", "Musicians", "Educators"],
    upvotes: 392,
    addedDaysAgo: 327,
  },
  {
    name: "OBS Studio",
    tagline: "Open-source software for screen recording and live streaming",
    websiteUrl: "https://obsproject.com",
    description:
      "OBS Studio captures and mixes video from screens, windows, webcams, images and capture cards into scenes that you can switch between live.\n\n" +
      "It streams to Twitch, YouTube and almost any RTMP service, or records locally in high quality. An audio mixer with filters, studio mode for previewing scenes and a plugin system make it suitable for anything from a simple tutorial to a complex broadcast.\n\n" +
      "It is free, open source and maintained by a volunteer community.",
    categories: ["content", "entertainment"],
    tags: ["live-streaming", "screen-recording", "open-source", "broadcasting"],
    platforms: ["Windows", "macOS", "Linux"],
    pricingModel: "Free",
    pricingDetails: "Free and open source with no paid tier; development is funded by donations and sponsors.",
    features: [
      "Scenes with many source types",
      "Streaming to RTMP services",
      "High-quality local recording",
      "Audio mixer with filters",
      "Plugins and scripting",
    ],
    useCases: ["Streaming games on Twitch", "Recording software tutorials", "Running online events"],
    integrations: ["Twitch", "YouTube", "Streamlabs", "StreamElements", "Facebook Live"],
    targetAudience: ["Streamers", "Educators", "Video creators"],
    upvotes: 571,
    addedDaysAgo: 318,
  },
  {
    name: "Final Cut Pro",
    tagline: "Apple's professional video editor with a magnetic timeline",
    websiteUrl: "https://www.apple.com/final-cut-pro",
    description:
      "Final Cut Pro is Apple's professional video editing application. Its magnetic timeline keeps clips in sync as you move them, which makes rough cuts fast and avoids accidental gaps.\n\n" +
      "It is highly optimised for Apple silicon, handles high-resolution and HDR footage smoothly, and includes colour grading, multicam editing, object tracking and automatic captions.\n\n" +
      "The Mac version is a single purchase with free updates so far, and an iPad version is available separately.",
    categories: ["content", "entertainment"],
    tags: ["video-editing", "professional", "mac-app", "color-grading"],
    platforms: ["macOS", "iOS"],
    pricingModel: "One-time Purchase",
    pricingDetails: "The Mac version is a one-time purchase on the Mac App Store with a 90-day free trial.",
    features: [
      "Magnetic timeline",
      "Multicam editing",
      "Colour grading and HDR",
      "Object tracking",
      "Automatic captions",
    ],
    useCases: ["Editing YouTube videos", "Cutting short films", "Producing corporate videos"],
    integrations: ["Motion", "Compressor", "Logic Pro", "Apple Photos"],
    targetAudience: ["Video editors", "YouTubers", "Filmmakers"],
    upvotes: 276,
    addedDaysAgo: 238,
  },
  {
    name: "Tella",
    tagline: "Screen recorder for polished product demos and tutorials",
    websiteUrl: "https://www.tella.tv",
    description:
      "Tella records your screen and camera in clips, so a mistake only means re-recording a short section rather than starting over.\n\n" +
      "Once recorded, you can choose layouts, add backgrounds, zoom into important parts of the screen and trim by editing the transcript, producing a video that looks professionally edited without a video editor.\n\n" +
      "Videos can be shared as a link with a custom page, embedded on a website or exported in high resolution.",
    categories: ["content", "marketing"],
    tags: ["screen-recording", "product-demos", "tutorials", "video"],
    platforms: ["Web", "macOS", "Browser Extension"],
    pricingModel: "Subscription",
    pricingDetails: "Paid plans billed monthly or yearly, with a free trial to record your first videos.",
    features: [
      "Clip-based recording",
      "Layouts and backgrounds",
      "Automatic zoom",
      "Transcript editing",
      "Custom share pages and embeds",
    ],
    useCases: ["Recording product demos", "Creating course lessons", "Making sales videos"],
    integrations: ["Notion", "YouTube", "Webflow"],
    targetAudience: ["Founders", "Course creators", "Product marketers"],
    upvotes: 0,
    addedDaysAgo: 5,
    status: "pending",
  },

  // ── Customer Support ─────────────────────────────────────────────────────
  {
    name: "Intercom",
    tagline: "Customer service platform with an AI agent and a shared inbox",
    websiteUrl: "https://www.intercom.com",
    description:
      "Intercom popularised the chat bubble in the corner of a website. Today it is a complete support suite: an AI agent called Fin answers common questions from your help content, and everything it cannot resolve goes to a shared inbox for human agents.\n\n" +
      "The inbox handles chat, email, phone and social in one place, with ticketing, macros and reporting. A help centre and product tours help customers solve problems on their own.\n\n" +
      "It suits software companies that want fast, personal support.",
    categories: ["support", "communication", "ai"],
    tags: ["live-chat", "help-desk", "ai-agent", "knowledge-base", "ticketing"],
    platforms: ["Web", "iOS", "Android", "API"],
    pricingModel: "Subscription",
    pricingDetails: "Priced per seat per month, plus a fixed charge for each conversation the AI agent resolves.",
    features: [
      "Fin AI agent",
      "Omnichannel shared inbox",
      "Tickets and workflows",
      "Help centre",
      "Product tours and in-app messages",
    ],
    useCases: ["Answering product questions automatically", "Running a support team inbox", "Onboarding new users"],
    integrations: ["Salesforce", "HubSpot", "Slack", "Jira", "Linear", "Stripe", "Shopify"],
    targetAudience: ["SaaS companies", "Support teams", "Startups"],
    upvotes: 318,
    addedDaysAgo: 254,
  },
  {
    name: "Zendesk",
    tagline: "Help desk and ticketing for support teams of any size",
    websiteUrl: "https://www.zendesk.com",
    description:
      "Zendesk turns customer emails, chats, calls and social messages into tickets that agents can assign, prioritise and solve in one workspace.\n\n" +
      "Triggers and automations route tickets to the right team, macros speed up common replies, and service-level targets keep response times in check. A help centre and community forums deflect simple questions, and AI agents can handle routine requests.\n\n" +
      "Analytics show volume, satisfaction and agent performance across every channel.",
    categories: ["support", "communication"],
    tags: ["help-desk", "ticketing", "customer-service", "knowledge-base", "call-center"],
    platforms: ["Web", "iOS", "Android", "API"],
    pricingModel: "Subscription",
    pricingDetails: "Billed per agent per month, with higher suites adding AI, workforce tools and advanced reporting.",
    features: [
      "Omnichannel ticketing",
      "Triggers, automations and macros",
      "SLA policies",
      "Help centre and community",
      "Support analytics",
    ],
    useCases: ["Running a customer support desk", "Handling support across channels", "Publishing a help centre"],
    integrations: ["Salesforce", "Slack", "Jira", "Shopify", "Microsoft Teams", "Mailchimp"],
    targetAudience: ["Support teams", "E-commerce brands", "Enterprises"],
    upvotes: 342,
    addedDaysAgo: 342,
  },
  {
    name: "Crisp",
    tagline: "Affordable live chat and shared inbox for small businesses",
    websiteUrl: "https://crisp.chat",
    description:
      "Crisp adds a chat widget to your website and gathers those chats, together with email, Instagram, WhatsApp and Messenger conversations, into one shared inbox.\n\n" +
      "Teams can reply with saved responses, see what page a visitor is on, build a knowledge base and set up chatbots for common questions. An AI assistant drafts answers from your own documentation.\n\n" +
      "Pricing is per workspace rather than per agent, which keeps it affordable for growing teams.",
    categories: ["support", "communication", "marketing"],
    tags: ["live-chat", "shared-inbox", "chatbot", "knowledge-base"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Free plan with basic chat for two seats; paid plans are a flat price per workspace per month.",
    features: [
      "Website chat widget",
      "Multichannel shared inbox",
      "Chatbot builder",
      "Knowledge base",
      "Visitor browsing context",
    ],
    useCases: ["Talking to website visitors in real time", "Centralising customer messages", "Answering FAQs automatically"],
    integrations: ["Shopify", "WordPress", "Slack", "Zapier", "HubSpot", "WhatsApp"],
    targetAudience: ["Small businesses", "Startups", "Online shops"],
    upvotes: 141,
    addedDaysAgo: 133,
  },
  {
    name: "Help Scout",
    tagline: "Friendly shared inbox and help centre for customer support teams",
    websiteUrl: "https://www.helpscout.com",
    description:
      "Help Scout keeps customer support feeling like email: customers get personal replies, not ticket numbers, while your team works from a shared inbox with assignments, notes and collision detection.\n\n" +
      "Docs builds a searchable help centre, the Beacon widget offers answers and chat on your site, and AI features summarise long threads and draft replies.\n\n" +
      "Customer profiles show past conversations and data from connected apps, so every reply has context.",
    categories: ["support", "communication"],
    tags: ["shared-inbox", "help-desk", "knowledge-base", "customer-service"],
    platforms: ["Web", "iOS", "Android", "API"],
    pricingModel: "Freemium",
    pricingDetails: "A free plan covers a small number of contacts; paid plans are priced by contacts helped each month.",
    features: [
      "Shared inbox with assignments",
      "Docs help centre",
      "Beacon chat and self-service widget",
      "AI summaries and drafts",
      "Customer profiles",
    ],
    useCases: ["Handling support email as a team", "Publishing product documentation", "Offering chat on a website"],
    integrations: ["Shopify", "Stripe", "HubSpot", "Salesforce", "Slack", "Jira", "Mailchimp"],
    targetAudience: ["Small and mid-size businesses", "Support teams", "SaaS companies"],
    upvotes: 166,
    addedDaysAgo: 195,
  },
  {
    name: "Sprinklr",
    tagline: "Unified customer experience platform for large enterprises",
    websiteUrl: "https://www.sprinklr.com",
    description:
      "Sprinklr is aimed at global companies that talk to customers on dozens of channels. It unifies customer service, social media management, marketing and research on a single platform.\n\n" +
      "Its contact centre tools route voice, chat, email and social messages to agents, AI bots handle routine requests, and listening tools track what customers say publicly about the brand.\n\n" +
      "Governance features and detailed permissions suit large, regulated organisations.",
    categories: ["support", "social", "marketing"],
    tags: ["customer-experience", "contact-center", "social-listening", "enterprise", "omnichannel"],
    platforms: ["Web", "iOS", "Android", "API"],
    pricingModel: "Contact for Pricing",
    pricingDetails: "Enterprise contracts priced by modules and seats; pricing is available from the sales team.",
    features: [
      "Omnichannel contact centre",
      "AI virtual agents",
      "Social publishing and engagement",
      "Social listening",
      "Governance and approvals",
    ],
    useCases: ["Running a global contact centre", "Managing hundreds of brand social accounts", "Tracking customer sentiment"],
    integrations: ["Salesforce", "Microsoft Dynamics", "ServiceNow", "Zendesk", "Adobe Experience Manager"],
    targetAudience: ["Enterprises", "Contact centre leaders", "Global marketing teams"],
    upvotes: 42,
    addedDaysAgo: 76,
  },

  // ── Utilities ────────────────────────────────────────────────────────────
  {
    name: "Rectangle",
    tagline: "Snap Mac windows into halves, thirds and corners with shortcuts",
    websiteUrl: "https://rectangleapp.com",
    description:
      "Rectangle brings window snapping to macOS. Keyboard shortcuts or dragging a window to a screen edge resize it to fill half, a third, a quarter or the whole screen.\n\n" +
      "It moves windows between displays, remembers previous sizes so you can undo a snap, and lets you change any shortcut. It is open source and light enough that you forget it is running.\n\n" +
      "A separate paid Pro version adds custom layouts, window cycling and more advanced snapping.",
    categories: ["utilities", "productivity"],
    tags: ["window-management", "mac-app", "open-source", "keyboard-shortcuts"],
    platforms: ["macOS"],
    pricingModel: "Free",
    pricingDetails: "Free and open source; Rectangle Pro is an optional one-time purchase with extra features.",
    features: [
      "Keyboard shortcuts for window positions",
      "Drag-to-edge snapping",
      "Multi-display support",
      "Customisable shortcuts",
    ],
    useCases: ["Placing two documents side by side", "Organising windows on a large monitor"],
    integrations: [],
    targetAudience: ["Mac users", "Developers", "Designers"],
    upvotes: 236,
    addedDaysAgo: 101,
  },
  {
    name: "f.lux",
    tagline: "Warms your screen at night to match the light in the room",
    websiteUrl: "https://justgetflux.com",
    description:
      "f.lux adjusts the colour temperature of your display through the day. After sunset it gradually shifts away from cool blue light toward warmer tones, similar to indoor lighting, which many people find easier on the eyes late at night.\n\n" +
      "You set your location and typical wake time, and f.lux handles the schedule. Presets suit different situations, and apps like video players can be excluded.\n\n" +
      "It predates the night modes now built into operating systems and still offers finer control.",
    categories: ["utilities", "health"],
    tags: ["blue-light", "screen", "sleep", "eye-strain"],
    platforms: ["Windows", "macOS", "Linux"],
    pricingModel: "Free",
    pricingDetails: "Free for personal use.",
    features: [
      "Automatic colour temperature by time of day",
      "Location-based sunset timing",
      "Lighting presets",
      "Per-app exceptions",
    ],
    useCases: ["Working late without harsh screen light", "Winding down before bed"],
    integrations: [],
    targetAudience: ["Night owls", "Programmers", "Students"],
    upvotes: 127,
    addedDaysAgo: 395,
  },
  {
    name: "Raycast",
    tagline: "Extensible launcher that puts apps, commands and AI a keystroke away",
    websiteUrl: "https://www.raycast.com",
    description:
      "Raycast replaces the system search bar with a fast command launcher. Besides opening apps and files it offers clipboard history, snippets, window management, a calculator that converts units and currencies, and quick links.\n\n" +
      "A store of community extensions lets you create Linear issues, search GitHub, control Spotify and much more without leaving the keyboard. Raycast AI answers questions and runs AI commands on selected text.\n\n" +
      "It started on the Mac and has since expanded to Windows and iOS.",
    categories: ["utilities", "productivity", "development"],
    tags: ["launcher", "keyboard-shortcuts", "clipboard-history", "extensions", "snippets"],
    platforms: ["macOS", "Windows", "iOS"],
    pricingModel: "Freemium",
    pricingDetails: "The core launcher is free; Pro is a monthly subscription that adds AI, cloud sync and custom themes.",
    features: [
      "App and file launcher",
      "Clipboard history and snippets",
      "Window management",
      "Extension store",
      "Built-in AI chat and commands",
    ],
    useCases: ["Replacing Spotlight", "Automating repetitive developer tasks", "Quick calculations and conversions"],
    integrations: ["GitHub", "Linear", "Jira", "Spotify", "Notion", "Slack", "Figma"],
    targetAudience: ["Developers", "Power users", "Designers"],
    upvotes: 422,
    addedDaysAgo: 190,
    featured: { amountUsd: 19, paidDaysAgo: 160 },
  },
  {
    name: "Zapier",
    tagline: "Connect thousands of apps and automate work without code",
    websiteUrl: "https://zapier.com",
    description:
      "Zapier links web apps together with automated workflows called Zaps. A trigger in one app, such as a new form entry, starts a chain of actions in others, such as adding a CRM contact, posting to Slack and updating a spreadsheet.\n\n" +
      "It supports thousands of apps, with filters, paths, delays and formatting steps for more complex logic. Tables, Interfaces and AI steps let you build small internal tools and agents on top.\n\n" +
      "No programming is required, but code steps are there when you need them.",
    categories: ["utilities", "productivity"],
    tags: ["automation", "no-code", "integrations", "workflows"],
    platforms: ["Web", "Browser Extension", "API"],
    pricingModel: "Freemium",
    pricingDetails: "Free for simple two-step Zaps with a monthly task limit; paid plans are priced by tasks used.",
    features: [
      "Thousands of app connectors",
      "Multi-step Zaps",
      "Filters, paths and delays",
      "Tables and Interfaces",
      "AI steps and agents",
    ],
    useCases: ["Syncing leads from forms to a CRM", "Posting alerts to team chat", "Automating invoice paperwork"],
    integrations: ["Google Sheets", "Gmail", "Slack", "HubSpot", "Salesforce", "Trello", "Mailchimp", "Notion"],
    targetAudience: ["Operations teams", "Small businesses", "Marketers"],
    upvotes: 511,
    addedDaysAgo: 276,
  },
  {
    name: "Alfred",
    tagline: "Mac productivity app for search, hotkeys and custom workflows",
    websiteUrl: "https://www.alfredapp.com",
    description:
      "Alfred is a long-running Mac launcher that finds apps, files and bookmarks, searches the web with custom keywords and does quick maths, all from a single hotkey.\n\n" +
      "The Powerpack upgrade unlocks clipboard history, text expansion snippets, contact lookup, music control and, most importantly, workflows: visual automations that chain hotkeys, scripts and actions together.\n\n" +
      "A community shares thousands of workflows, and everything runs locally on your Mac.",
    categories: ["utilities", "productivity"],
    tags: ["launcher", "mac-app", "automation", "text-expansion"],
    platforms: ["macOS"],
    pricingModel: "One-time Purchase",
    pricingDetails: "Alfred is free; the Powerpack is a one-time licence, with an optional lifetime upgrade licence.",
    features: [
      "App, file and web search",
      "Clipboard history",
      "Snippets and text expansion",
      "Visual workflow editor",
    ],
    useCases: ["Launching apps and files from the keyboard", "Automating repetitive Mac tasks"],
    integrations: ["1Password", "Apple Music", "Terminal", "Apple Contacts"],
    targetAudience: ["Mac power users", "Developers", "Writers"],
    upvotes: 158,
    addedDaysAgo: 222,
  },
];
