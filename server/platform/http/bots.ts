import { isbot } from "isbot";

/**
 * Whether a User-Agent is a bot's (isbot), remembered per agent: agents repeat endlessly and
 * isbot's pattern is long. At most 1000 agents are remembered; past that the memory starts over.
 */
export function createBotCheck(): (userAgent: string | undefined) => boolean {
  const botByAgent = new Map<string, boolean>();
  return (userAgent) => {
    const agent = userAgent ?? "";
    let bot = botByAgent.get(agent);
    if (bot === undefined) {
      bot = isbot(agent);
      if (botByAgent.size >= 1000) botByAgent.clear();
      botByAgent.set(agent, bot);
    }
    return bot;
  };
}
