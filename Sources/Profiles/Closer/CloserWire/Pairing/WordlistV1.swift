// Recovery phrase wordlist v1: 256 words, index = one byte of entropy.
// Normative: specs/recovery-phrase.md; the list itself is specs/wordlist-v1.txt
// (SHA-256 db75d74eed1c6364830f3e6623e0da4275216a91f1bd43d6a24589ca7fea15e0).
// A test checks this array against that file and against the rules of
// specs/recovery-phrase.md §"Wordlist". Never edit one without the other; never reorder:
// word i means byte value i.

import CoreWire

extension RecoveryPhrase {
    /// Wordlist v1, in index order.
    package static let wordlist: [String] = [
        "acorn", "album", "alpine", "anchor", "animal", "apple", "apron", "arena",
        "arrow", "artist", "atlas", "attic", "autumn", "avocado", "badge", "bakery",
        "balcony", "bamboo", "banana", "banjo", "barley", "basket", "beacon", "bench",
        "bicycle", "blanket", "blossom", "bottle", "branch", "breeze", "bridge", "bubble",
        "bucket", "buffalo", "bundle", "butter", "cabin", "cactus", "camera", "candle",
        "canoe", "canyon", "captain", "carpet", "carrot", "castle", "cherry", "chimney",
        "chorus", "cinema", "circle", "citrus", "clock", "cloud", "coconut", "coffee",
        "comet", "compass", "cookie", "copper", "coral", "cotton", "cradle", "crayon",
        "cricket", "crystal", "cupcake", "curtain", "cushion", "diamond", "dinner", "dolphin",
        "domino", "donkey", "dragon", "dream", "drum", "eagle", "echo", "eclipse",
        "elephant", "emerald", "engine", "evening", "falcon", "family", "feather", "fence",
        "festival", "fireside", "flute", "forest", "fossil", "fountain", "fox", "frost",
        "fruit", "future", "galaxy", "garden", "garlic", "giant", "ginger", "glitter",
        "globe", "gravel", "guitar", "hammock", "harvest", "helmet", "hiking", "hobby",
        "holiday", "honey", "horizon", "icicle", "igloo", "indigo", "island", "jacket",
        "jaguar", "jelly", "jigsaw", "jingle", "journey", "juggle", "kayak", "kettle",
        "kingdom", "kitchen", "kitten", "kiwi", "koala", "ladder", "lagoon", "lantern",
        "lavender", "lemon", "leopard", "lizard", "locket", "magnet", "mango", "maple",
        "marble", "meadow", "melody", "meteor", "mirror", "mosaic", "museum", "napkin",
        "nature", "nectar", "needle", "nest", "noodle", "novel", "oasis", "ocean",
        "octopus", "onion", "opera", "orange", "orbit", "otter", "oyster", "paddle",
        "palace", "panda", "panther", "parade", "pasta", "pebble", "pencil", "penguin",
        "pepper", "piano", "picnic", "pillow", "pinecone", "pizza", "planet", "pony",
        "potato", "puzzle", "pyramid", "quest", "rabbit", "radar", "radish", "rainbow",
        "ribbon", "river", "rooftop", "safari", "salad", "scarf", "shadow", "shelf",
        "silver", "sketch", "skyline", "slipper", "snail", "snowman", "sofa", "spinach",
        "spiral", "sponge", "squash", "stadium", "starfish", "sticker", "stove", "sugar",
        "summer", "sunset", "swan", "sweater", "teapot", "tennis", "thunder", "ticket",
        "tiger", "tomato", "tornado", "tower", "tractor", "trumpet", "tulip", "tunnel",
        "turtle", "twilight", "umbrella", "unicorn", "valley", "vanilla", "velvet", "volcano",
        "voyage", "waffle", "walnut", "walrus", "warmth", "wheat", "whistle", "window",
        "winter", "woodland", "yarn", "yellow", "yoga", "zebra", "zigzag", "zipper",
    ]
}
