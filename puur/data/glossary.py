"""The Jass glossary as data: every word used at a Schieber table, in English, German and French.

Written from PRODUCT.md §4 and the Jasvel glossary page (J04, ``shared/seeds/jasvel/04-jass-glossary.txt``),
cross-checked against the seed guides (S000, S001, S004). Definitions are paraphrased, never copied.
Where a number belongs to the rules core (card points, Weis values, totals), the definition names it and
``tests/data`` checks it against the core, so the glossary cannot drift from the engine.

French: Swiss-German terms stay Swiss-German at a Romandie table (J02, J04), so most ``fr`` names are the
Swiss word itself. Every name (or part of a name) that no source gives is listed under ``unattested`` by
language: the ordinary French card words (atout, pli, valet, ...), the French suit names, and *chibre*,
*chibrer* and *annonces*, which J02 mentions as words a Romandie player says without saying what they
mean (that chibrer is schieben and the annonces the Weis is Puur's reading); in German, *Karo* and *Pik*
are not used where S004 says Ecken and Schaufel.
"""

from __future__ import annotations

from typing import TypedDict


class Term(TypedDict, total=False):
    term: str
    names: dict[str, str]
    definition: dict[str, str]
    sources: list[str]
    unattested: dict[str, list[str]]
    """By language, the names (or parts of a name) that no source gives."""
    notes: str
    code: str


# Source keys: see checked_against in every envelope (S000, S001, S004, J = jasvel.org pages, J04 = glossary).
GLOSSARY: list[Term] = [
    {
        "term": "Jass",
        "names": {"de": "Jass", "en": "Jass", "fr": "jass"},
        "definition": {
            "en": "The family of Swiss trick-taking card games played with 36 cards; the national card game of "
            "Switzerland. Schieber is its most played form.",
            "de": "Familie von Schweizer Stichspielen mit 36 Karten, das Nationalkartenspiel der Schweiz. "
            "Der Schieber ist die meistgespielte Form.",
            "fr": "Famille de jeux de levées suisses à 36 cartes, le jeu de cartes national de la Suisse. "
            "Le Schieber en est la forme la plus jouée.",
        },
        "sources": ["J04", "S000", "S004"],
    },
    {
        "term": "Schieber",
        "names": {"de": "Schieber", "en": "Schieber (the pushing game)", "fr": "chibre"},
        "definition": {
            "en": "Jass for four players in two fixed partnerships, named after the forehand's right to push "
            "the choice of contract to the partner exactly once.",
            "de": "Jass zu viert in zwei festen Teams; benannt nach dem Recht der Vorhand, die Trumpfwahl "
            "einmal dem Partner zu schieben.",
            "fr": "Jass à quatre en deux équipes fixes, nommé d'après le droit de la main de passer (chibrer) "
            "une seule fois le choix du contrat au partenaire.",
        },
        "sources": ["J04", "J12", "S000", "S001", "S004"],
        "unattested": {"fr": ["chibre"]},
        "notes": "'chibre' appears in the sources only in the title of a linked page (Jass Genève, 'Règles du "
        "chibre', J07, J12); no source gives it as the French name of the Schieber.",
    },
    {
        "term": "Schieben",
        "code": "P",
        "names": {"de": "schieben", "en": "to push (pass)", "fr": "chibrer"},
        "definition": {
            "en": "Passing the choice of contract across the table to your partner, who must then choose. "
            "Allowed once, never pushed back. Machine code P.",
            "de": "Die Trumpfwahl dem Partner gegenüber überlassen, der dann wählen muss. Nur einmal, "
            "nie zurückschieben. Code P.",
            "fr": "Passer le choix du contrat au partenaire, qui doit alors choisir. Une seule fois, jamais "
            "en retour. Code P.",
        },
        "sources": ["J04", "J12", "S004"],
        "unattested": {"fr": ["chibrer"]},
        "notes": "J02 says a Romandie player says 'chibrer' but not what it means; that it is schieben is Puur's "
        "reading, not a source's.",
    },
    {
        "term": "Trumpf",
        "names": {"de": "Trumpf", "en": "trump", "fr": "atout"},
        "definition": {
            "en": "The suit that beats every other suit for the round. Its Under is worth 20 and its nine 14, "
            "so the trump suit alone holds 62 of the 152 card points.",
            "de": "Die Farbe, die in dieser Runde jede andere sticht. Ihr Under zählt 20, ihre Neun 14; "
            "so hält die Trumpffarbe allein 62 der 152 Kartenpunkte.",
            "fr": "La couleur qui bat toutes les autres pendant la donne. Son Under vaut 20 et son neuf 14 : "
            "la couleur d'atout porte à elle seule 62 des 152 points.",
        },
        "sources": ["J04", "J06", "S000", "S004"],
        "unattested": {"fr": ["atout"]},
        "notes": "French 'atout' is the ordinary card-game word; the Jass sources do not give it.",
    },
    {
        "term": "Obenabe",
        "code": "O",
        "names": {"de": "Obenabe", "en": "Obenabe (top-down)", "fr": "Obenabe"},
        "definition": {
            "en": "A contract with no trump in which the cards keep their ordinary strength, ace high. Every "
            "eight is worth 8 and the pack still totals 152. Machine code O.",
            "de": "Spiel ohne Trumpf in gewöhnlicher Reihenfolge, das Ass ist am höchsten. Jede Acht zählt 8, "
            "die Karten zählen weiterhin 152. Code O.",
            "fr": "Contrat sans atout où les cartes gardent leur ordre habituel, l'as en tête. Chaque huit "
            "vaut 8 et le jeu totalise toujours 152. Code O.",
        },
        "sources": ["J04", "J16", "S000", "S004"],
    },
    {
        "term": "Undenufe",
        "code": "U",
        "names": {"de": "Undenufe", "en": "Undenufe (bottom-up)", "fr": "Undenufe"},
        "definition": {
            "en": "A contract with no trump played upside down: the six is the strongest card, the ace the "
            "weakest. Modern values (S004, Jasvel): six 11, ace 0; classic (S000, S001): ace keeps 11. "
            "Weis sequences still read in natural order. Machine code U.",
            "de": "Spiel ohne Trumpf, von unten nach oben: die Sechs ist am stärksten, das Ass am schwächsten. "
            "Modern zählt die Sechs 11 und das Ass 0; klassisch behält das Ass 11. Code U.",
            "fr": "Contrat sans atout joué à l'envers : le six est la plus forte carte, l'as la plus faible. "
            "Valeurs modernes : six 11, as 0 ; classiques : l'as garde 11. Code U.",
        },
        "sources": ["J04", "J06", "J16", "S000", "S001", "S004"],
    },
    {
        "term": "Weis",
        "names": {"de": "Weis", "en": "meld", "fr": "annonces"},
        "definition": {
            "en": "A meld declared on the first trick: three or more cards in sequence in one suit, or four of "
            "a kind. Only the team holding the single best Weis writes anything, and it writes both partners' "
            "melds.",
            "de": "Ansage im ersten Stich: drei oder mehr Karten in Folge in einer Farbe oder vier Gleiche. "
            "Nur das Team mit dem besten einzelnen Weis schreibt, dann aber die Weise beider Partner.",
            "fr": "Annonce faite au premier pli : trois cartes ou plus qui se suivent dans une couleur, ou "
            "quatre cartes de même rang. Seule l'équipe qui tient la meilleure annonce marque, et elle marque "
            "celles des deux partenaires.",
        },
        "sources": ["J04", "J17", "S000", "S001", "S004"],
        "unattested": {"fr": ["annonces"]},
        "notes": "J02 says a Romandie player says 'annonces' but not what it means; that it names the Weis is "
        "Puur's reading, not a source's.",
    },
    {
        "term": "Dreiblatt … Neunblatt",
        "names": {
            "de": "Dreiblatt, Vierblatt, … Neunblatt",
            "en": "sequence of 3 … 9 cards",
            "fr": "suite de 3 à 9 cartes",
        },
        "definition": {
            "en": "A Weis sequence by length. 3 = 20, 4 = 50, 5 = 100; with the extended values 6 = 150, "
            "7 = 200, 8 = 250, 9 = 300 (S004, Jasvel); with the small values five or more score 100 (S000, S001).",
            "de": "Ein Weis nach Länge: 3 = 20, 4 = 50, 5 = 100; erweitert 6 = 150, 7 = 200, 8 = 250, 9 = 300; "
            "in der kleinen Tabelle zählen fünf und mehr 100.",
            "fr": "Suite d'annonce selon sa longueur : 3 = 20, 4 = 50, 5 = 100 ; valeurs étendues 6 = 150, "
            "7 = 200, 8 = 250, 9 = 300 ; valeurs réduites : cinq et plus = 100.",
        },
        "sources": ["S004", "J04", "J17", "S000", "S001"],
        "unattested": {"fr": ["suite de 3 à 9 cartes"]},
    },
    {
        "term": "Stöck",
        "names": {"de": "Stöck", "en": "Stöck (trump king and Ober)", "fr": "Stöck"},
        "definition": {
            "en": "The king and Ober of the trump suit in one hand, worth 20. Credited whatever happens with "
            "Weis, not part of the Weis comparison, and absent in Obenabe and Undenufe.",
            "de": "König und Ober der Trumpffarbe in einer Hand, 20 Punkte. Zählt unabhängig vom Weis und gibt "
            "es bei Obenabe und Undenufe nicht.",
            "fr": "Le roi et l'Ober d'atout dans une même main, 20 points. Comptés quoi qu'il arrive aux "
            "annonces ; n'existent ni en Obenabe ni en Undenufe.",
        },
        "sources": ["J04", "J14", "S000", "S001", "S004"],
    },
    {
        "term": "Puur",
        "names": {"de": "Puur (Trumpf-Under)", "en": "trump jack", "fr": "Puur (valet d'atout)"},
        "definition": {
            "en": "The Under (jack) of the trump suit: the highest card in a trump contract, worth 20. J04 says "
            "a player is never forced to play it. J08 only exempts it from the duty to overtrump: on a trump "
            "lead a Puur that is the player's last trump must be played (profile jasvel). The seed guides "
            "(S000, S001, S004) let a lone Puur be kept back on a trump lead (option lone_puur_may_be_kept).",
            "de": "Der Under der Trumpffarbe: die höchste Karte in einem Trumpfspiel, 20 Punkte. Nach J04 muss "
            "man ihn nie spielen. J08 nimmt ihn nur vom Zwang zum Übertrumpfen aus: Wird Trumpf ausgespielt und "
            "ist der Puur der letzte Trumpf, muss er gespielt werden (Profil jasvel). Nach S000, S001 und S004 "
            "darf man den blanken Puur auf ein Trumpf-Ausspiel zurückhalten (Option lone_puur_may_be_kept).",
            "fr": "L'Under (valet) d'atout : la plus forte carte d'un contrat à atout, 20 points. Selon J04, on "
            "n'est jamais obligé de le jouer. J08 le dispense seulement de l'obligation de surcouper : sur une "
            "entame d'atout, un Puur qui est le dernier atout du joueur doit être joué (profil jasvel). Selon "
            "S000, S001 et S004, un Puur seul peut être gardé sur une entame d'atout (option "
            "lone_puur_may_be_kept).",
        },
        "sources": ["J04", "J08", "S000", "S001", "S004"],
        "unattested": {"fr": ["valet d'atout"]},
    },
    {
        "term": "Nell",
        "names": {"de": "Nell (Trumpf-Neun)", "en": "trump nine", "fr": "Nell (neuf d'atout)"},
        "definition": {
            "en": "The nine of the trump suit, second highest in a trump contract and worth 14. Outside trump "
            "a nine is worth nothing.",
            "de": "Die Neun der Trumpffarbe, zweithöchste Karte im Trumpfspiel, 14 Punkte. Ausserhalb des "
            "Trumpfs zählt eine Neun nichts.",
            "fr": "Le neuf d'atout, deuxième carte d'un contrat à atout, 14 points. Hors atout, un neuf ne "
            "vaut rien.",
        },
        "sources": ["J04", "J06", "S000", "S004"],
        "unattested": {"fr": ["neuf d'atout"]},
    },
    {
        "term": "Banner",
        "names": {"de": "Banner", "en": "ten", "fr": "dix (Banner)"},
        "definition": {
            "en": "The ten, worth 10 in every contract. In the ordinary order it sits below the Under and above "
            "the nine.",
            "de": "Die Zehn, in jedem Spiel 10 Punkte. In der gewöhnlichen Reihenfolge unter dem Under und über "
            "der Neun.",
            "fr": "Le dix, 10 points dans tous les contrats. Dans l'ordre ordinaire, sous l'Under et au-dessus "
            "du neuf.",
        },
        "sources": ["J04", "S004"],
        "unattested": {"fr": ["dix"]},
        "notes": "J04 states the Under-above-ten order without qualification; it holds in plain suits and "
        "Obenabe only (PRODUCT.md §4).",
    },
    {
        "term": "Under",
        "names": {"de": "Under (Bube)", "en": "jack", "fr": "valet"},
        "definition": {
            "en": "The Swiss court card that corresponds to the French jack. Worth 2 in a plain suit, 20 as "
            "trump (the Puur). Card code J.",
            "de": "Schweizer Hofkarte, entspricht dem französischen Buben. Zählt 2, als Trumpf 20 (Puur). Code J.",
            "fr": "Figure suisse correspondant au valet français. Vaut 2, ou 20 à l'atout (le Puur). Code J.",
        },
        "sources": ["J04", "J15", "S004"],
        "unattested": {"fr": ["valet"]},
    },
    {
        "term": "Ober",
        "names": {"de": "Ober (Dame)", "en": "queen", "fr": "dame"},
        "definition": {
            "en": "The Swiss court card that corresponds to the French queen, worth 3. Card code Q.",
            "de": "Schweizer Hofkarte, entspricht der französischen Dame, 3 Punkte. Code Q.",
            "fr": "Figure suisse correspondant à la dame française, 3 points. Code Q.",
        },
        "sources": ["J04", "S004"],
        "unattested": {"fr": ["dame"]},
    },
    {
        "term": "König",
        "names": {"de": "König", "en": "king", "fr": "roi"},
        "definition": {
            "en": "The king, worth 4 in every contract. Card code K.",
            "de": "Der König, in jedem Spiel 4 Punkte. Code K.",
            "fr": "Le roi, 4 points dans tous les contrats. Code K.",
        },
        "sources": ["J04", "J15", "S004"],
        "unattested": {"fr": ["roi"]},
    },
    {
        "term": "Ass",
        "names": {"de": "Ass", "en": "ace", "fr": "as"},
        "definition": {
            "en": "The ace, worth 11, except in modern Undenufe where it is the weakest card and worth 0. "
            "Card code A.",
            "de": "Das Ass, 11 Punkte, ausser im modernen Undenufe, wo es die schwächste Karte ist und 0 zählt.",
            "fr": "L'as, 11 points, sauf en Undenufe moderne où il est la plus faible carte et vaut 0.",
        },
        "sources": ["J06", "S000", "S004"],
        "unattested": {"fr": ["as"]},
    },
    {
        "term": "Stich",
        "names": {"de": "Stich", "en": "trick", "fr": "pli"},
        "definition": {
            "en": "Four cards, one from each player. The winner leads the next; the ninth and last trick is "
            "worth 5 extra points.",
            "de": "Vier Karten, eine von jedem Spieler. Wer ihn gewinnt, spielt aus; der neunte, letzte Stich "
            "zählt 5 Punkte extra.",
            "fr": "Quatre cartes, une par joueur. Le gagnant entame le suivant ; le neuvième et dernier pli "
            "vaut 5 points de plus.",
        },
        "sources": ["J04", "S000", "S004"],
        "unattested": {"fr": ["pli"]},
    },
    {
        "term": "Match",
        "names": {"de": "Match", "en": "match (all nine tricks)", "fr": "match"},
        "definition": {
            "en": "All nine tricks taken by one team: 100 on top of the round, 257 in all before Weis, Stöck "
            "and the multiplier.",
            "de": "Alle neun Stiche für ein Team: 100 Punkte zusätzlich, zusammen 257 vor Weis, Stöck und "
            "Multiplikator.",
            "fr": "Les neuf plis pour une équipe : 100 points de plus, 257 au total avant annonces, Stöck et "
            "multiplicateur.",
        },
        "sources": ["J04", "J11", "S000", "S004"],
    },
    {
        "term": "Jasstafel",
        "names": {"de": "Jasstafel", "en": "score slate", "fr": "ardoise de jass"},
        "definition": {
            "en": "The slate the score is chalked on, one column per team: strokes of 100 on the top row, 50 in "
            "the middle, 20 at the bottom; X = 1000 and V = 500 upper right; a plain remainder lower right "
            "that may be negative.",
            "de": "Die Schiefertafel für den Punktestand, eine Spalte pro Team: oben Striche zu 100, in der "
            "Mitte zu 50, unten zu 20; X = 1000 und V = 500 oben rechts; der Rest unten rechts.",
            "fr": "L'ardoise où l'on marque à la craie, une colonne par équipe : traits de 100 en haut, de 50 "
            "au milieu, de 20 en bas ; X = 1000 et V = 500 en haut à droite ; le reste en bas à droite.",
        },
        "sources": ["J04", "J10", "J24"],
        "unattested": {"en": ["score slate"], "fr": ["ardoise de jass"]},
        "notes": "J04 says 'the slate board the score is chalked on'; 'score slate' (PRODUCT.md) and the French "
        "'ardoise de jass' are descriptive names no source gives.",
    },
    {
        "term": "Farbzwang",
        "names": {"de": "Farbzwang", "en": "duty to follow suit", "fr": "obligation de fournir"},
        "definition": {
            "en": "The duty to follow the suit led if you hold it. Whether a trump may be played instead is "
            "disputed: the seeds and J04 allow it, J08/J13 forbid it (profile option "
            "trump_allowed_when_able_to_follow).",
            "de": "Die Pflicht, die ausgespielte Farbe anzugeben, wenn man sie hat. Ob man stattdessen stechen "
            "darf, ist umstritten (Option trump_allowed_when_able_to_follow).",
            "fr": "L'obligation de fournir la couleur demandée si on l'a. Couper à la place est permis ou non "
            "selon les règles (option trump_allowed_when_able_to_follow).",
        },
        "sources": ["J04", "J08", "J13", "S000", "S001", "S004"],
        "unattested": {"fr": ["obligation de fournir"]},
        "notes": "'obligation de fournir' is the ordinary French card-game term; not in the sources.",
    },
    {
        "term": "Untertrumpfen",
        "names": {"de": "untertrumpfen", "en": "undertrumping", "fr": "sous-couper"},
        "definition": {
            "en": "Playing a trump lower than one already in the trick. S000, S001, S004 and J04 forbid it unless "
            "your hand is nothing but trumps; J08 (profile jasvel) allows it whenever you cannot follow suit and "
            "cannot overtrump (option undertrump).",
            "de": "Einen tieferen Trumpf als einen bereits im Stich liegenden spielen. Nach S000, S001, S004 und "
            "J04 verboten, ausser man hat nur noch Trümpfe; nach J08 (Profil jasvel) erlaubt, wenn man weder "
            "angeben noch übertrumpfen kann (Option undertrump).",
            "fr": "Jouer un atout plus faible qu'un atout déjà dans le pli. Interdit selon S000, S001, S004 et "
            "J04 sauf si la main ne contient que des atouts ; permis selon J08 (profil jasvel) quand on ne peut "
            "ni fournir ni surcouper (option undertrump).",
        },
        "sources": ["J04", "J08", "S000", "S001", "S004"],
        "unattested": {"fr": ["sous-couper"]},
        "notes": "'sous-couper' is the ordinary French term; not in the sources.",
    },
    {
        "term": "Vorhand",
        "names": {"de": "Vorhand (Vorderhand)", "en": "forehand", "fr": "main"},
        "definition": {
            "en": "The player who chooses the contract (or pushes) and leads the first trick: the dealer's "
            "right in Jasvel; in the seeds, hand 1's forehand is the holder of a named seven.",
            "de": "Wer den Trumpf bestimmt (oder schiebt) und zum ersten Stich ausspielt: rechts vom Geber "
            "(Jasvel); in der ersten Runde nach den Seeds der Besitzer einer bestimmten Sieben.",
            "fr": "Le joueur qui choisit le contrat (ou le passe au partenaire) et entame le premier pli : à "
            "droite du donneur (Jasvel) ; à la première donne, selon les guides S000, S001 et S004, le joueur "
            "qui tient un sept désigné.",
        },
        "sources": ["J04", "J07", "S000", "S001", "S004"],
        "unattested": {"de": ["Vorhand"], "fr": ["main"]},
        "notes": "J04 gives 'Vorderhand'; 'Vorhand' (RULES.md) and the French 'main' are not attested in the "
        "sources.",
    },
    {
        "term": "Eicheln",
        "code": "C",
        "names": {"de": "Eicheln (Kreuz)", "en": "acorns (clubs)", "fr": "glands (trèfle)"},
        "definition": {
            "en": "The acorns: the Swiss-German suit that corresponds to clubs. Machine code C.",
            "de": "Die Eicheln, entsprechen dem französischen Kreuz. Code C.",
            "fr": "Les glands, correspondant au trèfle du jeu français. Code C.",
        },
        "sources": ["J04", "J15", "S004"],
        "unattested": {"fr": ["glands", "trèfle"]},
    },
    {
        "term": "Schellen",
        "code": "D",
        "names": {"de": "Schellen (Ecken)", "en": "bells (diamonds)", "fr": "grelots (carreau)"},
        "definition": {
            "en": "The bells: the Swiss-German suit that corresponds to diamonds (SEED-004: Ecken). Machine "
            "code D.",
            "de": "Die Schellen, entsprechen den französischen Ecken. Code D.",
            "fr": "Les grelots, correspondant au carreau. Code D.",
        },
        "sources": ["J04", "J15", "S004"],
        "unattested": {"fr": ["grelots", "carreau"]},
    },
    {
        "term": "Rosen",
        "code": "H",
        "names": {"de": "Rosen (Herz)", "en": "roses (hearts)", "fr": "roses (cœur)"},
        "definition": {
            "en": "The roses: the Swiss-German suit that corresponds to hearts. Machine code H.",
            "de": "Die Rosen, entsprechen dem französischen Herz. Code H.",
            "fr": "Les roses, correspondant au cœur. Code H.",
        },
        "sources": ["J04", "J15", "S004"],
        "unattested": {"fr": ["roses", "cœur"]},
    },
    {
        "term": "Schilten",
        "code": "S",
        "names": {"de": "Schilten (Schaufel)", "en": "shields (spades)", "fr": "écus (pique)"},
        "definition": {
            "en": "The shields: the Swiss-German suit that corresponds to spades (SEED-004: Schaufel). "
            "Machine code S.",
            "de": "Die Schilten, entsprechen der französischen Schaufel. Code S.",
            "fr": "Les écus, correspondant au pique. Code S.",
        },
        "sources": ["J04", "J15", "S004"],
        "unattested": {"fr": ["écus", "pique"]},
    },
    {
        "term": "Multiplikator",
        "names": {"de": "Multiplikator (Faktor)", "en": "multiplier (factor)", "fr": "multiplicateur"},
        "definition": {
            "en": "The factor of the contract by which the whole round (tricks + Weis + Stöck) is multiplied, "
            "for both teams. It belongs to the table, not to the game: several tables are in real use "
            "(contracts.json) and none is the rule.",
            "de": "Der Faktor des gewählten Spiels, mit dem die ganze Runde (Stiche + Weis + Stöck) beider "
            "Teams multipliziert wird. Er hängt vom Tisch ab; mehrere Tabellen sind in Gebrauch.",
            "fr": "Le facteur du contrat qui multiplie toute la donne (plis + annonces + Stöck) des deux "
            "équipes. Il dépend de la table ; plusieurs barèmes existent.",
        },
        "sources": ["J02", "J11", "J13", "S000", "S001", "S004"],
        "unattested": {"de": ["Faktor"], "fr": ["multiplicateur"]},
        "notes": "S004 says 'Multiplikatoren'; 'Faktor' and the French 'multiplicateur' are not in the sources.",
    },
    {
        "term": "Coiffeur",
        "names": {"de": "Coiffeur", "en": "Coiffeur", "fr": "Coiffeur"},
        "definition": {
            "en": "A Schieber variant in which each team plays every contract on the sheet exactly once, each "
            "with its own factor, and only the tens of a round are written (129 is written 12).",
            "de": "Schieber-Variante: jedes Team spielt jedes Spiel des Blatts genau einmal, jedes mit eigenem "
            "Faktor; geschrieben werden nur die Zehner einer Runde.",
            "fr": "Variante du chibre où chaque équipe joue une fois chaque contrat de la feuille, chacun avec "
            "son facteur ; seules les dizaines d'une donne sont inscrites.",
        },
        "sources": ["J04", "J22", "J27"],
    },
    {
        "term": "Differenzler",
        "names": {"de": "Differenzler", "en": "Differenzler", "fr": "Differenzler"},
        "definition": {
            "en": "A Jass for four individuals: each predicts their own trick points before the first card; "
            "the difference between prediction and result is the score, and the lowest total wins.",
            "de": "Jass für vier Einzelspieler: jeder sagt vor der ersten Karte seine Stichpunkte voraus; die "
            "Differenz ist die Punktzahl, das tiefste Total gewinnt.",
            "fr": "Jass à quatre joueurs individuels : chacun prédit ses points avant la première carte ; "
            "l'écart est le score et le plus petit total gagne.",
        },
        "sources": ["J04", "J23", "J28"],
    },
    {
        "term": "Slalom",
        "names": {"de": "Slalom", "en": "Slalom", "fr": "Slalom"},
        "definition": {
            "en": "A Coiffeur contract that alternates Obenabe and Undenufe trick by trick. The table agrees "
            "which direction opens: the name does not identify it (J30; J04 says the name specifies it).",
            "de": "Coiffeur-Spiel, das Stich um Stich zwischen Obenabe und Undenufe wechselt. Mit welcher "
            "Richtung es beginnt, vereinbart der Tisch; der Name sagt es nicht (J30).",
            "fr": "Contrat de Coiffeur qui alterne Obenabe et Undenufe à chaque pli. La table convient du sens "
            "du premier pli : le nom ne le dit pas (J30).",
        },
        "sources": ["J04", "J30"],
        "notes": "J04 says Slalom starts 'with whichever the name specifies'; J30, the page on the variant, says "
        "the table must agree which direction starts because the name does not identify it. J30 is followed.",
    },
    {
        "term": "Guschti",
        "names": {"de": "Guschti (Mary, Gusti)", "en": "Guschti (Mary)", "fr": "Guschti"},
        "definition": {
            "en": "A Coiffeur contract of five tricks one way and four the other: five Obenabe then four "
            "Undenufe, or the reverse; the table agrees which comes first (J30).",
            "de": "Coiffeur-Spiel: fünf Stiche in die eine, vier in die andere Richtung; welche zuerst kommt, "
            "vereinbart der Tisch (J30).",
            "fr": "Contrat de Coiffeur : cinq plis dans un sens, quatre dans l'autre ; la table convient du "
            "sens qui commence (J30).",
        },
        "sources": ["J04", "J30"],
    },
    {
        "term": "Bock",
        "names": {"de": "Bock", "en": "Bock (free choice)", "fr": "Bock"},
        "definition": {
            "en": "A free choice of contract in Coiffeur, usually a joker column carrying the sheet's highest "
            "factor.",
            "de": "Freie Spielwahl im Coiffeur, meist als Joker-Spalte mit dem höchsten Faktor.",
            "fr": "Libre choix du contrat au Coiffeur, en général une colonne joker au plus haut facteur.",
        },
        "sources": ["J04", "J30"],
    },
    {
        "term": "Molotow",
        "names": {"de": "Molotow", "en": "Molotow", "fr": "Molotow"},
        "definition": {
            "en": "A regional Coiffeur house contract that needs local agreement before play.",
            "de": "Regionales Hausspiel im Coiffeur, das vorher abgesprochen werden muss.",
            "fr": "Contrat maison régional du Coiffeur, à convenir avant de jouer.",
        },
        "sources": ["J30"],
    },
    {
        "term": "Jassgrenze",
        "names": {
            "de": "Jassgrenze (Brünig-Napf-Reuss-Linie)",
            "en": "Jass border",
            "fr": "frontière du jass",
        },
        "unattested": {"de": ["Brünig-Napf-Reuss-Linie"], "en": ["Jass border"], "fr": ["frontière du jass"]},
        "definition": {
            "en": "The Brünig-Napf-Reuss line: Swiss-German cards are used east of it, the French deck west "
            "of it. The decks are the same 36 cards; the multiplier follows the suit position, never the "
            "picture.",
            "de": "Die Brünig-Napf-Reuss-Linie: östlich davon Deutschschweizer Karten, westlich französische. "
            "Die Spielregeln und Werte bleiben gleich.",
            "fr": "La ligne Brünig-Napf-Reuss : cartes suisses allemandes à l'est, jeu français à l'ouest. "
            "Les valeurs et règles restent les mêmes.",
        },
        "sources": ["J04", "J15"],
    },
    {
        "term": "Handjass",
        "names": {"de": "Handjass", "en": "two-player Jass", "fr": "jass à deux"},
        "definition": {
            "en": "Jass for two players, dealt with a talon, keeping the trump ranking and the melds of the "
            "four-handed game.",
            "de": "Jass zu zweit mit Talon; Trumpfreihenfolge und Weise wie im Vierer-Spiel.",
            "fr": "Jass à deux avec talon, qui garde l'ordre d'atout et les annonces du jeu à quatre.",
        },
        "sources": ["J04", "J29"],
        "unattested": {"fr": ["jass à deux"]},
    },
    {
        "term": "Bergpreis",
        "names": {"de": "Bergpreis", "en": "mountain prize", "fr": "prix de la montagne"},
        "definition": {
            "en": "A side prize in some tournaments for the team leading when the score passes half the target.",
            "de": "Nebenpreis in manchen Turnieren für das Team, das bei der Hälfte des Ziels führt.",
            "fr": "Prix annexe de certains tournois pour l'équipe en tête à mi-parcours.",
        },
        "sources": ["J04"],
        "unattested": {"en": ["mountain prize"], "fr": ["prix de la montagne"]},
    },
    {
        "term": "Schneider",
        "names": {"de": "Schneider", "en": "Schneider", "fr": "Schneider"},
        "definition": {
            "en": "The losers have fewer than 1500 points when the winners reach 3000 (S000, S001). S000 counts "
            "it as two games in a series; S001 names it but gives it no value (it is marked and counts one game). "
            "For other targets Puur takes half the target; no source states it. Not in S004 or Jasvel (option "
            "schneider).",
            "de": "Die Verlierer haben weniger als 1500 Punkte, wenn die Gewinner 3000 erreichen (S000, S001). "
            "Nach S000 zählt das als zwei Spiele einer Serie; S001 nennt es, gibt ihm aber keinen Wert (es wird "
            "vermerkt und zählt ein Spiel). Für andere Ziele nimmt Puur die Hälfte des Ziels an; keine Quelle "
            "sagt es. Nicht bei S004 und Jasvel (Option schneider).",
            "fr": "Les perdants ont moins de 1500 points quand les gagnants atteignent 3000 (S000, S001). Selon "
            "S000, cela compte pour deux parties d'une série ; S001 le nomme sans lui donner de valeur (il est "
            "signalé et compte une partie). Pour d'autres objectifs, Puur prend la moitié de l'objectif, ce "
            "qu'aucune source ne dit. Absent de S004 et de Jasvel (option schneider).",
        },
        "sources": ["S000", "S001"],
    },
    {
        "term": "Bedanken",
        "names": {"de": "bedanken (abklopfen)", "en": "claim", "fr": "annoncer la sortie"},
        "definition": {
            "en": "Claiming during a round that your team has reached the target; play stops and a false "
            "claim loses the game (S000, profile classic). Action code claim.",
            "de": "Während der Runde erklären, dass das eigene Team das Ziel erreicht hat; eine falsche "
            "Ansage verliert das Spiel (S000).",
            "fr": "Déclarer en cours de donne que son équipe a atteint l'objectif ; une fausse déclaration "
            "fait perdre la partie (S000).",
        },
        "sources": ["S000"],
        "unattested": {"de": ["bedanken", "abklopfen"], "fr": ["annoncer la sortie"]},
        "notes": "S000 describes the claim without naming it; 'bedanken' is the common Swiss-German word, "
        "not attested in the sources, and the French name is descriptive.",
    },
]
