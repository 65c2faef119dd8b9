/**
 * tileStyles are the backgrounds a country tile may have: the gradients the
 * stylesheet is built with (Tailwind finds the classes in this file), named
 * for the back office's choice. The server accepts exactly these values
 * (UpdateCountryConfigRequest.background_classes' `in` rule); "" is the
 * shop's own colour.
 */
export const tileStyles = [
  { key: "default", classes: "" },
  { key: "greenYellow", classes: "from-green-500 to-yellow-400" },
  { key: "yellowBlue", classes: "from-yellow-400 to-blue-600" },
  { key: "blueRed", classes: "from-blue-600 to-red-500" },
  { key: "red", classes: "from-red-600 to-red-400" },
  { key: "sky", classes: "from-sky-400 to-sky-200" },
  { key: "navyRed", classes: "from-blue-700 to-red-600" },
  { key: "yellowBlueRed", classes: "from-yellow-400 via-blue-600 to-red-600" },
  { key: "skyBlue", classes: "from-sky-500 to-blue-200" },
  { key: "navyCoral", classes: "from-blue-700 to-red-500" },
  { key: "greenYellowRed", classes: "from-green-600 via-yellow-400 to-red-600" },
  { key: "redBlack", classes: "from-red-700 to-gray-900" },
] as const;
