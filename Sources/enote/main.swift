import EnoteCLI
