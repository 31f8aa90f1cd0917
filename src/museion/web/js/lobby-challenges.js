// The lobby's challenges waiting for the signed-in player's answer (challenges.js), above Play now.
import { incomingChallenges } from "./challenges.js";

incomingChallenges(document.getElementById("challenges"));
