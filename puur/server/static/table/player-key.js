// The table's scripts are classic scripts: this module hands them this browser's remembered player (the place's
// one module for the key, ../place/key.js) as window.PuurPlayer. Offline the import may fail: then the table
// takes its seats as before, without a player.
import { currentPlayer, playerKey, setPlayerKey } from "../place/key.js";

window.PuurPlayer = { currentPlayer, playerKey, setPlayerKey };
