// The "Challenge" button of a player's page (/players/NAME): challenges.js draws it under the profile.
import { challengeButton } from "./challenges.js";

challengeButton(document.getElementById("challenge"), decodeURIComponent(window.location.pathname.split("/").pop()));
