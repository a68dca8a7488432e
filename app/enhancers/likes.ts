// The like buttons of a page that does not hydrate: the tool page and every list of cards
// (docs/decisions/005, 024). Inlined after the page's content, so every button is already there.
import { LIKE_LOCK_MS, likesWord } from "../../core/like-button.ts";
import { enhanceLikeForms } from "../lib/like-enhancer.ts";

enhanceLikeForms(document, LIKE_LOCK_MS, likesWord);
